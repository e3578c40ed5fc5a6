import { XMLParser } from 'fast-xml-parser';

/**
 * What the bank sends back (issue 25 item 4), read into one shape: camt.054 (debit/credit
 * notification), camt.053 (statement) and pain.002 (payment status report). Pure: a string in,
 * items out; the server matches them by end-to-end id.
 */
export type BankFileFormat = 'camt.053' | 'camt.054' | 'pain.002';

export interface BankItem {
  /** Our end-to-end id when the bank quotes it ('NOTPROVIDED' is dropped). */
  endToEndId: string | undefined;
  /**
   * return: a debit came back (or was rejected); reversal: the bank reverses an earlier entry;
   * credit / debit: money in / out (collections credited, refunds paid).
   */
  kind: 'return' | 'reversal' | 'credit' | 'debit';
  /** ISO reason code of a return or rejection (AC04, MS03, ...). */
  reason: string | undefined;
  amountCents: number;
  /** Charges the bank booked for this item (a return fee), in cents. */
  feeCents: number;
}

export interface BankFile {
  format: BankFileFormat;
  /** pain.002: the message id of our file the report is about. */
  originalMessageId?: string | undefined;
  /** pain.002: the whole file was rejected (group status RJCT) with this reason. */
  groupRejected?: { reason: string | undefined } | undefined;
  items: BankItem[];
}

export class BankFileError extends Error {}

const arrays = new Set([
  'Stmt',
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Rcrd',
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => arrays.has(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v ? [obj(v)] : []);
const text = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v.trim() || undefined;
  const t = obj(v)['#text'];
  return typeof t === 'string' ? t.trim() || undefined : undefined;
};
const path = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((n, k) => (Array.isArray(n) ? obj(n[0])[k] : obj(n)[k]), v);

/** "5.25" → 525, exactly (no floating point); anything else is refused. */
export function cents(amount: string | undefined): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!m) throw new BankFileError(`amount "${amount}" is not a euro amount`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const ourId = (id: string | undefined) => (id && id !== 'NOTPROVIDED' ? id : undefined);

function feeOf(node: unknown): number {
  return list(path(node, 'Chrgs', 'Rcrd')).reduce((sum, r) => sum + cents(text(r.Amt)), 0);
}

/** The items of one camt entry (Ntry): one per transaction, or the entry itself. */
function entryItems(entry: Node): BankItem[] {
  const credit = text(entry.CdtDbtInd) === 'CRDT';
  const reversal = text(entry.RvslInd) === 'true';
  const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  // An entry without details (a batch booking) is one item with the entry's amount.
  return (txs.length > 0 ? txs : [entry]).map((tx) => {
    const reason = text(path(tx, 'RtrInf', 'Rsn', 'Cd'));
    const amount = text(path(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? text(tx.Amt) ?? text(entry.Amt);
    return {
      endToEndId: ourId(text(path(tx, 'Refs', 'EndToEndId'))),
      kind: reversal ? 'reversal' : reason ? 'return' : credit ? 'credit' : 'debit',
      reason,
      amountCents: cents(amount),
      feeCents: feeOf(tx) || (txs.length <= 1 ? feeOf(entry) : 0),
    };
  });
}

function camtItems(doc: Node, container: 'Stmt' | 'Ntfctn'): BankItem[] {
  return list(doc[container]).flatMap((report) => list(report.Ntry).flatMap(entryItems));
}

function pain002(doc: Node): BankFile {
  const group = obj(doc.OrgnlGrpInfAndSts);
  const groupStatus = text(group.GrpSts);
  const items: BankItem[] = [];
  for (const info of list(doc.OrgnlPmtInfAndSts))
    for (const tx of list(info.TxInfAndSts)) {
      if (text(tx.TxSts) !== 'RJCT') continue;
      items.push({
        endToEndId: ourId(text(tx.OrgnlEndToEndId)),
        kind: 'return',
        reason: text(path(tx, 'StsRsnInf', 'Rsn', 'Cd')),
        amountCents: cents(text(path(tx, 'OrgnlTxRef', 'Amt', 'InstdAmt')) ?? '0'),
        feeCents: 0,
      });
    }
  return {
    format: 'pain.002',
    originalMessageId: text(group.OrgnlMsgId),
    groupRejected:
      groupStatus === 'RJCT' ? { reason: text(path(group, 'StsRsnInf', 'Rsn', 'Cd')) } : undefined,
    items,
  };
}

function parsed(xml: string): Node {
  try {
    return obj(parser.parse(xml, true));
  } catch (err) {
    throw new BankFileError(`not XML: ${(err as Error).message}`);
  }
}

function fileOf(root: Node, entries?: BankItem[]): BankFile {
  const doc = obj(root.Document);
  if (doc.BkToCstmrStmt)
    return {
      format: 'camt.053',
      items: entries ?? camtItems(obj(doc.BkToCstmrStmt), 'Stmt'),
    };
  if (doc.BkToCstmrDbtCdtNtfctn)
    return {
      format: 'camt.054',
      items: entries ?? camtItems(obj(doc.BkToCstmrDbtCdtNtfctn), 'Ntfctn'),
    };
  if (doc.CstmrPmtStsRpt) return pain002(obj(doc.CstmrPmtStsRpt));
  throw new BankFileError('neither camt.053, camt.054 nor pain.002');
}

/** Entries read per step of `readBankFile`: a few ms of parsing each. */
const ENTRIES_PER_STEP = 25;
const entryStart = /<(?:[\w.-]+:)?Ntry[\s/>]/g;
const entryEnd = /<\/(?:[\w.-]+:)?Ntry\s*>/g;

/**
 * Reads a bank file in steps of bounded work (issue 30: a camt.054 of 10,000 entries took
 * seconds in one parse): it yields between steps, so a caller can give the event loop a turn,
 * and returns the file. The entries (`Ntry`) are cut out of the text and parsed 25 at a time,
 * the rest of the document once; each entry is read as in the whole document. A file with
 * comments, CDATA or a DOCTYPE (where a tag-like text need not be a tag) is parsed whole.
 */
export function* readBankFile(xml: string): Generator<void, BankFile> {
  if (/<!--|<!\[CDATA\[|<!DOCTYPE/i.test(xml)) return fileOf(parsed(xml));
  const rest: string[] = [];
  const items: BankItem[] = [];
  let page: string[] = [];
  let pos = 0;
  const readPage = () => {
    const root = parsed(`<Ntfctn>${page.join('')}</Ntfctn>`);
    for (const entry of list(root.Ntfctn).flatMap((r) => list(r.Ntry)))
      items.push(...entryItems(entry));
    page = [];
  };
  for (;;) {
    entryStart.lastIndex = pos;
    const start = entryStart.exec(xml);
    if (!start) break;
    const tagEnd = xml.indexOf('>', start.index);
    let end: number;
    if (tagEnd > 0 && xml[tagEnd - 1] === '/') end = tagEnd + 1;
    else {
      entryEnd.lastIndex = start.index;
      const close = entryEnd.exec(xml);
      if (!close) throw new BankFileError('not XML: an entry (Ntry) is not closed');
      end = close.index + close[0].length;
    }
    rest.push(xml.slice(pos, start.index));
    page.push(xml.slice(start.index, end));
    pos = end;
    if (page.length === ENTRIES_PER_STEP) {
      readPage();
      yield;
    }
  }
  if (pos === 0) return fileOf(parsed(xml));
  if (page.length > 0) readPage();
  rest.push(xml.slice(pos));
  const root = parsed(rest.join(''));
  // The entries stand where they stood: only camt documents hold them.
  const doc = obj(root.Document);
  if (!doc.BkToCstmrStmt && !doc.BkToCstmrDbtCdtNtfctn) return fileOf(parsed(xml));
  return fileOf(root, items);
}

/** Reads a bank file; an unknown or malformed one is refused with a BankFileError. */
export function parseBankFile(xml: string): BankFile {
  const steps = readBankFile(xml);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
