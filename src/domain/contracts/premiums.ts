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

export interface Period {
  from: string;
  to: string; // exclusive
  debitOn: string;
}

/** The premium periods that start before `until`, with the day each is debited. */
export function premiumPeriods(plan: PremiumPlan, until: string): Period[] {
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

/**
 * The premium owed for cover from the start up to (excluding) `endOn`, to the day: full periods
 * at their rate, the last one pro rata by its own length in days.
 */
export function owedCents(plan: PremiumPlan, endOn: string): number {
  let total = 0;
  for (const p of premiumPeriods(plan, endOn)) {
    const covered = daysBetween(p.from, minIso(p.to, endOn));
    total += proRataCents(plan.ratePerPaymentCents, covered, daysBetween(p.from, p.to));
  }
  return total;
}
