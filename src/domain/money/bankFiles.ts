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

function camtItems(doc: Node, container: 'Stmt' | 'Ntfctn'): BankItem[] {
  const items: BankItem[] = [];
  for (const report of list(doc[container]))
    for (const entry of list(report.Ntry)) {
      const credit = text(entry.CdtDbtInd) === 'CRDT';
      const reversal = text(entry.RvslInd) === 'true';
      const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      // An entry without details (a batch booking) is one item with the entry's amount.
      for (const tx of txs.length > 0 ? txs : [entry]) {
        const reason = text(path(tx, 'RtrInf', 'Rsn', 'Cd'));
        const amount = text(path(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? text(tx.Amt) ?? text(entry.Amt);
        items.push({
          endToEndId: ourId(text(path(tx, 'Refs', 'EndToEndId'))),
          kind: reversal ? 'reversal' : reason ? 'return' : credit ? 'credit' : 'debit',
          reason,
          amountCents: cents(amount),
          feeCents: feeOf(tx) || (txs.length <= 1 ? feeOf(entry) : 0),
        });
      }
    }
  return items;
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

/** Reads a bank file; an unknown or malformed one is refused with a BankFileError. */
export function parseBankFile(xml: string): BankFile {
  let root: Node;
  try {
    root = obj(parser.parse(xml, true));
  } catch (err) {
    throw new BankFileError(`not XML: ${(err as Error).message}`);
  }
  const doc = obj(root.Document);
  if (doc.BkToCstmrStmt)
    return { format: 'camt.053', items: camtItems(obj(doc.BkToCstmrStmt), 'Stmt') };
  if (doc.BkToCstmrDbtCdtNtfctn)
    return { format: 'camt.054', items: camtItems(obj(doc.BkToCstmrDbtCdtNtfctn), 'Ntfctn') };
  if (doc.CstmrPmtStsRpt) return pain002(obj(doc.CstmrPmtStsRpt));
  throw new BankFileError('neither camt.053, camt.054 nor pain.002');
}
