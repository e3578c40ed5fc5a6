import { createHash } from 'node:crypto';
import { debitDocument, type Creditor, type DebitLine } from './painFiles';

/**
 * pain.008.001.08 written piece by piece (ADR 1270): a collection run over 100,000 contracts
 * must not hold one document of 100,000 transactions. The totals of the file and of each payment
 * block (one per due day and sequence type) come first, from the database; then the lines come in
 * chunks, in block order. Every chunk is built by the `sepa` package itself (its checks and
 * escaping), and its transactions are cut out of that small document; the shell around them
 * (group header, block headers) is the package's too, with the totals put in. The result is byte
 * for byte what `buildDirectDebitFile` makes of the same lines (tested).
 */

export interface DebitBlock {
  dueOn: string;
  sequence: 'FRST' | 'RCUR';
  count: number;
  sumCents: number;
}

/** Cents as the file writes them: exactly two decimals, no float on the way. */
const amount = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const totals = (segment: string, count: number, cents: number) =>
  segment.replace(
    /<NbOfTxs>\d+<\/NbOfTxs><CtrlSum>[\d.]+<\/CtrlSum>/,
    `<NbOfTxs>${count}</NbOfTxs><CtrlSum>${amount(cents)}</CtrlSum>`,
  );

export interface StreamedFile {
  sha256: string;
  count: number;
  controlSumCents: number;
}

export class DirectDebitWriter {
  private readonly hash = createHash('sha256');
  private readonly count: number;
  private readonly sumCents: number;
  /** Index of the block being written, -1 before the first. */
  private block = -1;
  private inBlock = 0;
  private written = { count: 0, cents: 0 };
  private blockWritten = { count: 0, cents: 0 };

  constructor(
    private readonly messageId: string,
    private readonly createdAt: Date,
    private readonly creditor: Creditor,
    private readonly blocks: readonly DebitBlock[],
    private readonly write: (part: string) => Promise<void>,
  ) {
    if (blocks.length === 0) throw new Error('a file needs at least one payment block');
    this.count = blocks.reduce((a, b) => a + b.count, 0);
    this.sumCents = blocks.reduce((a, b) => a + b.sumCents, 0);
  }

  private async emit(part: string) {
    this.hash.update(part);
    await this.write(part);
  }

  /** The next lines, in block order (due day, then sequence) and within a block in file order. */
  async add(lines: readonly DebitLine[]): Promise<void> {
    let from = 0;
    while (from < lines.length) {
      const first = lines[from]!;
      let to = from + 1;
      while (
        to < lines.length &&
        lines[to]!.dueOn === first.dueOn &&
        lines[to]!.sequence === first.sequence
      )
        to++;
      await this.addRun(lines.slice(from, to));
      from = to;
    }
  }

  /** Lines of one block: opens the block when they are its first. */
  private async addRun(run: readonly DebitLine[]) {
    const head = run[0]!;
    const current = this.blocks[this.block];
    const opening = !current || current.dueOn !== head.dueOn || current.sequence !== head.sequence;
    if (opening) {
      if (current) await this.closeBlock();
      this.block++;
      const next = this.blocks[this.block];
      if (!next || next.dueOn !== head.dueOn || next.sequence !== head.sequence)
        throw new Error(`lines of ${head.dueOn}/${head.sequence} out of block order`);
      this.inBlock = 0;
      this.blockWritten = { count: 0, cents: 0 };
    }
    const block = this.blocks[this.block]!;
    const xml = debitDocument(this.messageId, this.createdAt, this.creditor, [
      { id: this.block, first: this.inBlock, lines: run },
    ]).toString();
    const pmtInf = xml.indexOf('<PmtInf>');
    const firstTx = xml.indexOf('<DrctDbtTxInf>');
    const end = xml.lastIndexOf('</PmtInf>');
    if (this.block === 0 && opening)
      await this.emit(totals(xml.slice(0, pmtInf), this.count, this.sumCents));
    if (opening) await this.emit(totals(xml.slice(pmtInf, firstTx), block.count, block.sumCents));
    await this.emit(xml.slice(firstTx, end));
    this.inBlock += run.length;
    for (const l of run) {
      this.blockWritten.count++;
      this.blockWritten.cents += l.amountCents;
    }
  }

  private async closeBlock() {
    const b = this.blocks[this.block]!;
    if (this.blockWritten.count !== b.count || this.blockWritten.cents !== b.sumCents)
      throw new Error(
        `block ${b.dueOn}/${b.sequence}: ${this.blockWritten.count}/${this.blockWritten.cents} written, ${b.count}/${b.sumCents} announced`,
      );
    this.written.count += b.count;
    this.written.cents += b.sumCents;
    await this.emit('</PmtInf>');
  }

  /** Closes the file; every announced block must have been written whole. */
  async end(): Promise<StreamedFile> {
    await this.closeBlock();
    if (this.block !== this.blocks.length - 1)
      throw new Error(`${this.blocks.length - this.block - 1} payment blocks never written`);
    await this.emit('</CstmrDrctDbtInitn></Document>');
    return {
      sha256: this.hash.digest('hex'),
      count: this.written.count,
      controlSumCents: this.written.cents,
    };
  }
}
