import { inFlight, type DebitSeen } from './collection';
import { openByPeriod, type LedgerEntry } from './ledger';

/**
 * The staff's decision after the second reminder (issue 25 item 5, ADR 1229): one closed set,
 * its German labels beside it. A write-off needs four eyes (a `staff_approvals` kind).
 */
export const dunningDecisions = ['instalments', 'collection', 'write_off'] as const;

/**
 * Dunning pauses while the tenant disputes a debit or a claim is open (DECISIONS.md "Money").
 * Pure over facts; the server reads them.
 */
export interface DunningPauseFacts {
  disputeOpen: boolean;
  claimOpen: boolean;
}

export function dunningPaused(f: DunningPauseFacts): boolean {
  return f.disputeOpen || f.claimOpen;
}

/**
 * A write-off of `owedCents` as ledger entries: first the open premium periods no debit is
 * collecting (so no later debit presents them again, e.g. on a new mandate), oldest first, the
 * rest (fees) without a period.
 */
export function writeOffEntries(
  owedCents: number,
  entries: readonly LedgerEntry[],
  debits: ReadonlyArray<Pick<DebitSeen, 'period' | 'status' | 'instalmentId'>>,
  /** Periods an instalment plan pays: not written off while it runs. */
  covered: readonly string[] = [],
): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  let left = owedCents;
  const underway = new Set(
    debits.filter((d) => !d.instalmentId && inFlight.has(d.status)).map((d) => d.period),
  );
  for (const [period, cents] of [...openByPeriod(entries)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (left <= 0) break;
    if (cents <= 0 || underway.has(period) || covered.includes(period)) continue;
    const amountCents = Math.min(cents, left);
    out.push({ kind: 'write_off', amountCents, period });
    left -= amountCents;
  }
  if (left > 0) out.push({ kind: 'write_off', amountCents: left });
  return out;
}
