import { periodPremiumCents, premiumPeriods, type PremiumPlan } from '../contracts/premiums';
import { addDays } from '../dates';
import { balanceOf, checkEntry, summaryOf, type LedgerEntry } from './ledger';

/**
 * Settling a contract that ends, against what the ledger says was really collected (issue 25;
 * before, every premium due was counted as paid). The premium owed runs to the day; whatever
 * the ledger shows as collected beyond that comes back (refund_due), never more than was
 * collected; whatever is owed and not collected stays open and is shown as owed.
 */
export interface Settlement {
  /** Collected minus returned, in cents. */
  paidCents: number;
  /** Premium for the days covered plus fees passed on. */
  owedCents: number;
  /** Refunds promised and not yet paid after this settlement. */
  refundCents: number;
  /** What the tenant still owes after this settlement. */
  outstandingCents: number;
}

export interface SettlementResult {
  settlement: Settlement;
  /** The entries to append (in this order); empty when the ledger already agrees. */
  entries: LedgerEntry[];
}

/** Sum of premium_due and corrections booked for one period. */
function chargedFor(entries: readonly LedgerEntry[], period: string): number {
  return entries.reduce(
    (s, e) =>
      e.period === period && (e.kind === 'premium_due' || e.kind === 'correction')
        ? s + e.amountCents
        : s,
    0,
  );
}

/** The entries that bring each period's charge to `owed(period)`; other periods to zero. */
function chargesTo(
  entries: readonly LedgerEntry[],
  owed: ReadonlyMap<string, number>,
): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  const periods = new Set<string>(owed.keys());
  for (const e of entries) if (e.period) periods.add(e.period);
  for (const period of [...periods].sort()) {
    const charged = chargedFor(entries, period);
    const want = owed.get(period) ?? 0;
    if (charged === want) continue;
    const hasDue = entries.some((e) => e.kind === 'premium_due' && e.period === period);
    if (!hasDue && charged === 0 && want > 0)
      out.push({ kind: 'premium_due', amountCents: want, period });
    else out.push({ kind: 'correction', amountCents: want - charged, period });
  }
  return out;
}

/** The credit beyond refunds already promised becomes a refund, at most what was collected. */
function refundEntry(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const s = summaryOf(entries);
  const refundable = Math.min(s.creditCents, s.collectedCents - s.refundDueCents);
  return refundable > 0 ? [{ kind: 'refund_due', amountCents: refundable }] : [];
}

function result(entries: readonly LedgerEntry[], added: LedgerEntry[]): SettlementResult {
  for (const e of added) checkEntry(e);
  const all = [...entries, ...added];
  const s = summaryOf(all);
  return {
    entries: added,
    settlement: {
      paidCents: s.collectedCents,
      owedCents: s.premiumCents + s.feeCents - s.writtenOffCents,
      refundCents: s.refundOpenCents,
      outstandingCents: Math.max(0, balanceOf(all)),
    },
  };
}

/** The premium owed per period for cover up to (excluding) `endOn`, the last pro rata. */
export function owedByPeriod(plan: PremiumPlan, endOn: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of premiumPeriods(plan, endOn)) out.set(p.from, periodPremiumCents(plan, p, endOn));
  return out;
}

/**
 * A premium change while the contract runs (a partial release, ADR 1255): every period already
 * charged is charged again at what the changed plan asks for it (the period around the change
 * to the day); the credit that leaves comes back, at most what was collected. Periods not yet
 * charged are left to the collection run, which charges them at the new rate.
 */
export function settlePremiumChange(
  entries: readonly LedgerEntry[],
  plan: PremiumPlan,
): SettlementResult {
  const charged = entries.filter((e) => e.kind === 'premium_due' && e.period).map((e) => e.period!);
  const last = charged.reduce((a, b) => (b > a ? b : a), plan.start);
  const owed = new Map<string, number>();
  for (const p of premiumPeriods(plan, addDays(last, 1)))
    if (charged.includes(p.from)) owed.set(p.from, periodPremiumCents(plan, p));
  const charges = chargesTo(entries, owed);
  return result(entries, [...charges, ...refundEntry([...entries, ...charges])]);
}

/**
 * The guarantee ends with `endOn` as its first day without cover (release: that day;
 * cancellation: the day after its last day). Every period up to then is charged to the day;
 * periods charged in advance beyond it are taken back.
 */
export function settleEnd(
  entries: readonly LedgerEntry[],
  plan: PremiumPlan,
  endOn: string,
): SettlementResult {
  const charges = chargesTo(entries, owedByPeriod(plan, endOn));
  return result(entries, [...charges, ...refundEntry([...entries, ...charges])]);
}

/**
 * Withdrawal (§ 9 VVG, our choice in ADR 0921): the contract is unwound, no premium is owed,
 * everything collected comes back; fees a bank charged for a return stay owed.
 */
export function settleWithdrawal(entries: readonly LedgerEntry[]): SettlementResult {
  const charges = chargesTo(entries, new Map());
  return result(entries, [...charges, ...refundEntry([...entries, ...charges])]);
}
