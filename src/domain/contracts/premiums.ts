import { addDays } from '../dates';
import { addMonths, daysBetween, maxIso, minIso } from './calendar';

/**
 * What the tenant pays and when (DECISIONS.md tariff): one rate per period, in advance. Periods
 * run from the cover start in steps of 12 / paymentsPerYear months; each period's premium is
 * debited at its start, but never before the first debit date (about 14 days after the
 * application, as the check step says).
 */
export interface PremiumPlan {
  /** First day of cover (the policy start). */
  start: string;
  paymentsPerYear: 1 | 2 | 4 | 12;
  ratePerPaymentCents: number;
  firstDebitOn: string;
}

export interface Settlement {
  /** Premiums debited (or due) for the contract, in cents. */
  paidCents: number;
  /** The premium for the days covered, to the day, in cents. */
  owedCents: number;
  /** paid - owed when positive: what we pay back. */
  refundCents: number;
  /** owed - paid when positive: what is still debited. */
  outstandingCents: number;
}

interface Period {
  from: string;
  to: string; // exclusive
  debitOn: string;
}

function periods(plan: PremiumPlan, until: string): Period[] {
  const months = 12 / plan.paymentsPerYear;
  const out: Period[] = [];
  for (let k = 0; ; k++) {
    const from = addMonths(plan.start, k * months);
    if (from >= until) break;
    out.push({
      from,
      to: addMonths(plan.start, (k + 1) * months),
      debitOn: maxIso(from, plan.firstDebitOn),
    });
    if (k > 1200) break; // 100 years of monthly periods: a guard, not a rule
  }
  return out;
}

/** rate x part / whole in integer cents, rounded half up. */
export function proRataCents(rateCents: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor((2 * rateCents * part + whole) / (2 * whole));
}

/** Premiums debited up to and including `asOf` (periods started before `endOn` only). */
export function paidCents(plan: PremiumPlan, asOf: string, endOn?: string): number {
  const until = endOn ?? addDays(asOf, 1);
  return periods(plan, until).filter((p) => p.debitOn <= asOf).length * plan.ratePerPaymentCents;
}

/**
 * The premium owed for cover from the start up to (excluding) `endOn`, to the day: full periods
 * at their rate, the last one pro rata by its own length in days.
 */
export function owedCents(plan: PremiumPlan, endOn: string): number {
  let total = 0;
  for (const p of periods(plan, endOn)) {
    const covered = daysBetween(p.from, minIso(p.to, endOn));
    total += proRataCents(plan.ratePerPaymentCents, covered, daysBetween(p.from, p.to));
  }
  return total;
}

/**
 * Settlement when the guarantee ends with `endOn` as the first day without cover (release: the
 * day of the release; cancellation: the day after the chosen date). Debits are counted as they
 * will have been made by then: every period due before `endOn` (or by `today`, if later).
 */
export function settleAtEnd(plan: PremiumPlan, endOn: string, today: string): Settlement {
  const asOf = maxIso(today, addDays(endOn, -1));
  const paid = paidCents(plan, asOf, endOn);
  const owed = owedCents(plan, endOn);
  return {
    paidCents: paid,
    owedCents: owed,
    refundCents: Math.max(0, paid - owed),
    outstandingCents: Math.max(0, owed - paid),
  };
}

/**
 * Settlement of a withdrawal (§ 9 VVG, our choice in ADR 0921): the contract is unwound, every
 * premium debited so far comes back in full and nothing further is debited.
 */
export function settleWithdrawal(plan: PremiumPlan, today: string): Settlement {
  const paid = paidCents(plan, today);
  return { paidCents: paid, owedCents: 0, refundCents: paid, outstandingCents: 0 };
}
