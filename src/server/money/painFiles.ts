import SEPA from 'sepa';
import { createHash } from 'node:crypto';

/**
 * The bank files we hand to the bank's portal, built with the maintained `sepa` package 3.x
 * (ADR 1221): pain.008.001.08 (SEPA Core direct debits) and pain.001.001.09 (credit transfers
 * for refunds). Amounts are integer cents in, two decimals out; count and control sum are
 * checked against the cents before the file is accepted.
 */

export interface Creditor {
  name: string;
  iban: string;
  bic?: string | undefined;
  creditorId: string;
}

export interface DebitLine {
  endToEndId: string;
  amountCents: number;
  dueOn: string;
  sequence: 'FRST' | 'RCUR';
  mandateReference: string;
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  remittance: string;
}

export interface TransferLine {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  remittance: string;
}

export interface BuiltFile {
  xml: string;
  sha256: string;
  count: number;
  controlSumCents: number;
}

/** A calendar date as a Date at local noon: the library formats it the same in every zone. */
const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
};
const euros = (cents: number) => Number((cents / 100).toFixed(2));

/** Characters of the SEPA basic set only (banks may refuse others in ids and free text). */
export const sepaText = (s: string, max = 140) =>
  s
    .replace(/ß/g, 'ss')
    .replace(/[äöüÄÖÜ]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' })[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

function finish(doc: InstanceType<typeof SEPA.Document>, cents: number[]): BuiltFile {
  const xml = doc.toString();
  const controlSumCents = cents.reduce((a, b) => a + b, 0);
  // The library sums floats; the file must say exactly our cents.
  const sum = /<GrpHdr>.*?<CtrlSum>([\d.]+)<\/CtrlSum>/s.exec(xml)?.[1];
  const count = /<GrpHdr>.*?<NbOfTxs>(\d+)<\/NbOfTxs>/s.exec(xml)?.[1];
  if (Math.round(Number(sum) * 100) !== controlSumCents || Number(count) !== cents.length)
    throw new Error(
      `control sum or count differ: ${sum}/${count} vs ${controlSumCents}/${cents.length}`,
    );
  return {
    xml,
    sha256: createHash('sha256').update(xml).digest('hex'),
    count: cents.length,
    controlSumCents,
  };
}

/** Lines of one payment block; `first` is the number of the block's lines written before them. */
export interface DebitRun {
  id: number;
  first: number;
  lines: readonly DebitLine[];
}

/**
 * A pain.008.001.08 document of the `sepa` package: one payment block per run, ids as the
 * package numbers them (message id, block index, line index in the block). The streamed writer
 * (painStream.ts) builds its chunks with it too, so both write the same bytes.
 */
export function debitDocument(
  messageId: string,
  createdAt: Date,
  creditor: Creditor,
  runs: readonly DebitRun[],
): InstanceType<typeof SEPA.Document> {
  const doc = new SEPA.Document('pain.008.001.08');
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = createdAt;
  doc.grpHdr.initiatorName = sepaText(creditor.name, 70);
  for (const run of runs) {
    const head = run.lines[0]!;
    const info = doc.createPaymentInfo();
    info.id = String(run.id);
    info.collectionDate = day(head.dueOn);
    info.creditorIBAN = creditor.iban;
    if (creditor.bic) info.creditorBIC = creditor.bic;
    info.creditorName = sepaText(creditor.name, 70);
    info.creditorId = creditor.creditorId;
    info.sequenceType = head.sequence;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const [i, l] of run.lines.entries()) {
      const tx = info.createTransaction();
      tx.id = String(run.first + i);
      tx.debtorName = l.debtorName.slice(0, 70);
      tx.debtorIBAN = l.debtorIban;
      tx.mandateId = l.mandateReference;
      tx.mandateSignatureDate = day(l.mandateSignedOn);
      tx.amount = euros(l.amountCents);
      tx.remittanceInfo = sepaText(l.remittance);
      tx.end2endId = l.endToEndId;
      info.addTransaction(tx);
    }
  }
  return doc;
}

/** pain.008.001.08: one payment block per due day and sequence type. */
export function buildDirectDebitFile(
  messageId: string,
  createdAt: Date,
  creditor: Creditor,
  lines: readonly DebitLine[],
): BuiltFile {
  const groups = new Map<string, DebitLine[]>();
  for (const l of lines) {
    const key = `${l.dueOn}|${l.sequence}`;
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  const runs = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, group], id) => ({ id, first: 0, lines: group }));
  return finish(
    debitDocument(messageId, createdAt, creditor, runs),
    lines.map((l) => l.amountCents),
  );
}

/** pain.001.001.09: refunds by credit transfer, executed on `executionOn`. */
export function buildTransferFile(
  messageId: string,
  createdAt: Date,
  executionOn: string,
  debtor: Creditor,
  lines: readonly TransferLine[],
): BuiltFile {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = createdAt;
  doc.grpHdr.initiatorName = sepaText(debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = day(executionOn);
  info.debtorIBAN = debtor.iban;
  if (debtor.bic) info.debtorBIC = debtor.bic;
  info.debtorName = sepaText(debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const l of lines) {
    const tx = info.createTransaction();
    tx.creditorName = l.creditorName.slice(0, 70);
    tx.creditorIBAN = l.creditorIban;
    tx.amount = euros(l.amountCents);
    tx.remittanceInfo = sepaText(l.remittance);
    tx.end2endId = l.endToEndId;
    info.addTransaction(tx);
  }
  return finish(
    doc,
    lines.map((l) => l.amountCents),
  );
}
