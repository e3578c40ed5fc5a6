import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  owedCents,
  partialReleaseProblem,
  periodPremiumCents,
  premiumPeriods,
  reducedRateCents,
  regularRateCents,
  type PremiumPlan,
} from './index';
import { settlePremiumChange, summaryOf, type LedgerEntry } from '../money/index';

const plan: PremiumPlan = {
  start: '2026-03-15',
  paymentsPerYear: 12,
  ratePerPaymentCents: 620,
  firstDebitOn: '2026-03-16',
};
const reduced: PremiumPlan = {
  ...plan,
  reduction: { from: '2026-03-20', ratePerPaymentCents: 186 },
};

describe('partial release (ADR 1255)', () => {
  test.each([
    [{ status: 'withdrawn', remainingCents: 150000, retainedCents: 45000 }, 'not_in_force'],
    [{ status: 'released', remainingCents: 150000, retainedCents: 45000 }, 'not_in_force'],
    [{ status: 'active', remainingCents: 150000, retainedCents: undefined }, 'required'],
    [{ status: 'active', remainingCents: 150000, retainedCents: 0 }, 'not_positive'],
    [{ status: 'active', remainingCents: 150000, retainedCents: 10.5 }, 'not_positive'],
    [{ status: 'active', remainingCents: 150000, retainedCents: 150000 }, 'not_below_remaining'],
    [{ status: 'active', remainingCents: 150000, retainedCents: 45000 }, undefined],
    [{ status: 'cancellation_requested', remainingCents: 150000, retainedCents: 1 }, undefined],
  ] as const)('%o -> %s', (input, want) =>
    expect(partialReleaseProblem({ ...input, alreadyPartial: false })).toBe(want),
  );

  test('only once', () =>
    expect(
      partialReleaseProblem({
        status: 'active',
        remainingCents: 45000,
        retainedCents: 100,
        alreadyPartial: true,
      }),
    ).toBe('already_partial'));

  test('the rate falls in proportion to the cover, rounded half up', () => {
    expect(reducedRateCents(620, 150000, 45000)).toBe(186);
    expect(reducedRateCents(551, 150000, 45000)).toBe(165);
  });

  test('the period around the day is split to the day; later periods at the new rate', () => {
    const [march, april] = premiumPeriods(reduced, '2026-05-01');
    // 5 of 31 days at 6,20 €, 26 of 31 at 1,86 €
    expect(periodPremiumCents(reduced, march!)).toBe(100 + 156);
    expect(periodPremiumCents(reduced, april!)).toBe(186);
    expect(regularRateCents(reduced, '2026-03-15')).toBe(620);
    expect(regularRateCents(reduced, '2026-04-15')).toBe(186);
    expect(periodPremiumCents(plan, march!)).toBe(620);
  });

  test('without a reduction the premium owed is what it was', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 800 }), (days) => {
        const end = new Date(Date.UTC(2026, 2, 15 + days)).toISOString().slice(0, 10);
        let byHand = 0;
        for (const p of premiumPeriods(plan, end)) {
          const whole = (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000;
          const covered = (Date.parse(end < p.to ? end : p.to) - Date.parse(p.from)) / 86_400_000;
          byHand += Math.floor((2 * 620 * covered + whole) / (2 * whole));
        }
        expect(owedCents(plan, end)).toBe(byHand);
      }),
    ));

  test('periods already charged are charged again; only what was collected comes back', () => {
    const due: LedgerEntry = { kind: 'premium_due', amountCents: 620, period: '2026-03-15' };
    const paid: LedgerEntry = { kind: 'collected', amountCents: 620, period: '2026-03-15' };
    expect(settlePremiumChange([due, paid], reduced).entries).toEqual([
      { kind: 'correction', amountCents: 256 - 620, period: '2026-03-15' },
      { kind: 'refund_due', amountCents: 620 - 256 },
    ]);
    // Not collected yet: the charge is lowered, nothing is refunded.
    const r = settlePremiumChange([due], reduced);
    expect(r.entries).toEqual([
      { kind: 'correction', amountCents: 256 - 620, period: '2026-03-15' },
    ]);
    expect(summaryOf([due, ...r.entries]).openCents).toBe(256);
    // Settling again books nothing.
    expect(
      settlePremiumChange(
        [due, paid, ...settlePremiumChange([due, paid], reduced).entries],
        reduced,
      ).entries,
    ).toEqual([]);
  });
});
