import { asc, eq, sql } from 'drizzle-orm';
import { addDays, checkEntry, type LedgerEntry } from '../../domain/index';
import { anyUuid } from '../db/anyOf';
import type { Orm, Tx } from '../db/client';
import { ledgerEntries, refunds } from '../db/schema/index';

/**
 * The ledger period of a debit's money: its premium period, none for an instalment (it pays an
 * amount, not one period; its `period` column is only its day).
 */
export const ledgerPeriodOf = (d: { period: string; instalmentId: string | null }) =>
  d.instalmentId ? undefined : d.period;
const asEntry = (r: { kind: LedgerEntry['kind']; amountCents: number; period: string | null }) =>
  r.period
    ? { kind: r.kind, amountCents: r.amountCents, period: r.period }
    : { kind: r.kind, amountCents: r.amountCents };

const entryColumns = {
  applicationId: ledgerEntries.applicationId,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  period: ledgerEntries.period,
};

/** The ledger of one contract in booking order. */
export async function entriesOf(db: Orm | Tx, applicationId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.applicationId, applicationId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows.map(asEntry);
}

/** The ledgers of a page of contracts in one query (batch work, ADR 1270), each in booking order. */
export async function entriesByApplication(
  db: Orm | Tx,
  applicationIds: readonly string[],
): Promise<Map<string, LedgerEntry[]>> {
  const out = new Map<string, LedgerEntry[]>();
  if (applicationIds.length === 0) return out;
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(anyUuid(ledgerEntries.applicationId, applicationIds))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  for (const r of rows) appendTo(out, r.applicationId, asEntry(r));
  return out;
}

/**
 * Each contract's ledger as one total per kind (batch pre-selection, ADR 1420): what a sum over
 * the kinds needs (`balanceOf`, `summaryOf` without periods) from one row per contract and kind,
 * added up by the database instead of sending every entry in booking order.
 */
export async function kindTotalsByApplication(
  db: Orm | Tx,
  applicationIds: readonly string[],
): Promise<Map<string, LedgerEntry[]>> {
  const out = new Map<string, LedgerEntry[]>();
  if (applicationIds.length === 0) return out;
  const rows = await db
    .select({
      applicationId: ledgerEntries.applicationId,
      kind: ledgerEntries.kind,
      // bigint: a sum of integers may leave integer's range; the driver answers it as text
      amountCents: sql<string>`sum(${ledgerEntries.amountCents})::bigint`,
    })
    .from(ledgerEntries)
    .where(anyUuid(ledgerEntries.applicationId, applicationIds))
    .groupBy(ledgerEntries.applicationId, ledgerEntries.kind);
  for (const r of rows)
    appendTo(out, r.applicationId, { kind: r.kind, amountCents: Number(r.amountCents) });
  return out;
}

function appendTo(byApplication: Map<string, LedgerEntry[]>, id: string, entry: LedgerEntry) {
  const list = byApplication.get(id);
  if (list) list.push(entry);
  else byApplication.set(id, [entry]);
}

/** The rows `book` inserts (the collection run inserts those of many contracts at once). */
export function entryRows(
  applicationId: string,
  entries: readonly LedgerEntry[],
  at: { source: string; bookedOn: string; now: Date },
) {
  for (const e of entries) checkEntry(e);
  // createdAt orders the entries: one millisecond apart keeps the order they were given in.
  return entries.map((e, i) => ({
    applicationId,
    kind: e.kind,
    amountCents: e.amountCents,
    period: e.period ?? null,
    bookedOn: at.bookedOn,
    createdAt: new Date(at.now.getTime() + i),
    source: e.period ? `${at.source}:${e.period}` : at.source,
  }));
}

/**
 * Appends entries. `source` names what booked them; an entry of a period gets the period added,
 * so the unique (contract, source, kind) refuses a second booking of the same thing.
 */
export async function book(
  tx: Tx,
  applicationId: string,
  entries: readonly LedgerEntry[],
  at: { source: string; bookedOn: string; now: Date },
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(ledgerEntries).values(entryRows(applicationId, entries, at));
}

/** Refunds are paid 14 days after the event at the latest (DECISIONS.md "Money"). */
const REFUND_DAYS = 14;

/** A refund_due entry becomes a refund to transfer; the end-to-end id names contract and count. */
export async function openRefund(
  tx: Tx,
  applicationId: string,
  contractNumber: string,
  amountCents: number,
  today: string,
  now: Date,
): Promise<void> {
  const n = (await tx.select().from(refunds).where(eq(refunds.applicationId, applicationId)))
    .length;
  await tx.insert(refunds).values({
    applicationId,
    amountCents,
    dueOn: addDays(today, REFUND_DAYS),
    endToEndId: `${contractNumber}-R${n + 1}`,
    status: 'open',
    createdAt: now,
  });
}
