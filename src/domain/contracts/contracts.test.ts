import { describe, expect, test } from 'vitest';
import {
  addMonths,
  cancellationEndOn,
  guaranteeInForce,
  nextStatus,
  reportedState,
  daysBetween,
  owedCents,
  proRataCents,
  retainUntil,
  withdrawalDeadline,
  withdrawalPossible,
  type PremiumPlan,
} from './index';

const monthly: PremiumPlan = {
  start: '2026-03-15',
  paymentsPerYear: 12,
  ratePerPaymentCents: 1000,
  firstDebitOn: '2026-03-16',
};
describe('calendar', () => {
  test.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-15', 12, '2027-03-15'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('addMonths(%s, %i) = %s', (iso, n, want) => expect(addMonths(iso, n)).toBe(want));
  test.each([
    ['2026-03-15', '2026-04-15', 31],
    ['2026-02-01', '2026-03-01', 28],
    ['2026-03-29', '2026-03-30', 1], // across the DST change: still one day
    ['2026-04-01', '2026-03-01', -31],
  ])('daysBetween(%s, %s) = %i', (a, b, want) => expect(daysBetween(a, b)).toBe(want));
});

describe('pro rata in integer cents, half up', () => {
  test.each([
    [1000, 17, 31, 548], // 548.39
    [1, 1, 2, 1], // 0.5 -> 1
    [3, 1, 2, 2], // 1.5 -> 2
    [5, 1, 4, 1], // 1.25 -> 1
    [6300, 181, 365, 3124], // 3123.95 -> 3124
    [1000, 0, 31, 0],
    [1000, 31, 31, 1000],
    [1000, 5, 0, 0], // an empty period never divides by zero
  ])('%i x %i / %i = %i', (rate, part, whole, want) =>
    expect(proRataCents(rate, part, whole)).toBe(want),
  );
});

describe('premiums owed', () => {
  test.each([
    ['2026-03-15', 0],
    ['2026-03-16', 32], // one day of 31
    ['2026-04-15', 1000],
    ['2026-05-01', 1000 + 533], // 16 of the second period's 30 days: 533.33
  ])('owed up to %s = %i', (endOn, want) => expect(owedCents(monthly, endOn)).toBe(want));
});

describe('withdrawal period (§ 8 VVG)', () => {
  test.each([
    ['2026-03-02', true, '2026-03-16'],
    ['2026-03-02', false, '2026-03-19'],
    ['2026-12-25', true, '2027-01-08'],
  ] as const)('accepted %s digital %s -> deadline %s', (accepted, digital, want) =>
    expect(withdrawalDeadline(accepted, digital)).toBe(want),
  );
  test.each([
    ['active', '2026-03-16', '2026-03-16', true],
    ['active', '2026-03-17', '2026-03-16', false],
    ['cancellation_requested', '2026-03-05', '2026-03-16', true],
    ['cancelled', '2026-03-05', '2026-03-16', false],
    ['withdrawn', '2026-03-05', '2026-03-16', false],
    ['released', '2026-03-05', '2026-03-16', false],
  ])('%s on %s, deadline %s -> %s', (status, today, deadline, want) =>
    expect(withdrawalPossible(status, today, deadline)).toBe(want),
  );
});

describe('the state the order-status call reports', () => {
  test.each([
    ['submitted', undefined, 'submitted'],
    ['pending', undefined, 'pending'],
    ['declined', undefined, 'declined'],
    ['accepted', undefined, 'accepted'],
    ['accepted', 'active', 'accepted'],
    ['accepted', 'cancellation_requested', 'accepted'],
    ['accepted', 'withdrawn', 'withdrawn'],
    ['accepted', 'cancelled', 'cancelled'],
    ['accepted', 'released', 'released'],
  ] as const)('%s with contract %s -> %s', (order, contract, want) =>
    expect(reportedState(order, contract)).toBe(want),
  );
});

describe('a cancellation takes effect when the release or the original arrives', () => {
  test.each([
    ['2026-03-02', '2026-03-03'],
    ['2026-12-31', '2027-01-01'],
    ['2028-02-28', '2028-02-29'],
  ])('arrived %s -> first day without cover %s', (arrived, endOn) =>
    expect(cancellationEndOn(arrived)).toBe(endOn),
  );
  test('premiums are owed up to and including the arrival day', () => {
    // Monthly 10 € from 15.03.; release arrives 30.04. -> owed through 30.04. (16 of 30 days of
    // the period 15.04.-15.05. plus one full month).
    expect(owedCents(monthly, cancellationEndOn('2026-04-30'))).toBe(
      1000 + proRataCents(1000, 16, 30),
    );
  });
});

describe('status and retention', () => {
  test.each([
    ['active', 'withdraw', 'withdrawn'],
    ['active', 'cancel', 'cancellation_requested'],
    ['active', 'release', 'released'],
    ['active', 'originalReturned', 'released'],
    ['cancellation_requested', 'release', 'cancelled'],
    ['cancellation_requested', 'originalReturned', 'cancelled'],
    ['cancellation_requested', 'withdraw', 'withdrawn'],
    ['cancellation_requested', 'cancel', undefined],
    ['withdrawn', 'release', undefined],
    ['withdrawn', 'cancel', undefined],
    ['released', 'cancel', undefined],
    ['released', 'withdraw', undefined],
    ['cancelled', 'release', undefined],
    ['cancelled', 'originalReturned', undefined],
  ] as const)('%s --%s--> %s', (from, act, want) => expect(nextStatus(from, act)).toBe(want));
  test('only the tenant alone never ends the guarantee: no act of the tenant but withdrawal ends it', () => {
    for (const from of ['active', 'cancellation_requested'] as const) {
      const after = nextStatus(from, 'cancel');
      expect(after === undefined || guaranteeInForce(after)).toBe(true);
    }
  });
  test.each([
    ['active', true],
    ['cancellation_requested', true],
    ['withdrawn', false],
    ['cancelled', false],
    ['released', false],
  ] as const)('guarantee in force while %s: %s', (s, want) =>
    expect(guaranteeInForce(s)).toBe(want),
  );
  test.each([
    ['2026-05-01', 10, '2036-12-31'],
    ['2026-12-31', 10, '2036-12-31'],
    ['2026-01-01', 6, '2032-12-31'],
  ] as const)('ended %s, %i years -> %s', (ended, years, want) =>
    expect(retainUntil(ended, years)).toBe(want),
  );
});
