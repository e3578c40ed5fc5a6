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
  /**
   * A partial release (issue 26 item 5, ADR 1255): from `from` on (a day, not a period start)
   * the rate is `ratePerPaymentCents` of the reduction; the period around that day is split
   * to the day.
   */
  reduction?: { from: string; ratePerPaymentCents: number } | undefined;
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
 * The premium of one period for cover up to (excluding) `until` (default: the whole period),
 * to the day by the period's own length; a reduction inside the period splits it at its day.
 */
export function periodPremiumCents(
  plan: PremiumPlan,
  p: Pick<Period, 'from' | 'to'>,
  until: string = p.to,
): number {
  const end = minIso(p.to, until);
  const whole = daysBetween(p.from, p.to);
  const part = (rate: number, a: string, b: string) =>
    b > a ? proRataCents(rate, daysBetween(a, b), whole) : 0;
  const r = plan.reduction;
  if (!r || r.from >= end) return part(plan.ratePerPaymentCents, p.from, end);
  if (r.from <= p.from) return part(r.ratePerPaymentCents, p.from, end);
  return part(plan.ratePerPaymentCents, p.from, r.from) + part(r.ratePerPaymentCents, r.from, end);
}

/** The regular rate of the period starting `from` (after a reduction: the reduced rate). */
export function regularRateCents(plan: PremiumPlan, from: string): number {
  return plan.reduction && from >= plan.reduction.from
    ? plan.reduction.ratePerPaymentCents
    : plan.ratePerPaymentCents;
}

/**
 * The premium owed for cover from the start up to (excluding) `endOn`, to the day: full periods
 * at their rate, the last one pro rata by its own length in days.
 */
export function owedCents(plan: PremiumPlan, endOn: string): number {
  let total = 0;
  for (const p of premiumPeriods(plan, endOn)) total += periodPremiumCents(plan, p, endOn);
  return total;
}
