import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { PremiumPlan } from '../contracts/premiums';
import { addDays } from '../dates';
import { planCollection, type CollectionInput, type DebitSeen } from './collection';
import type { LedgerEntry } from './ledger';
import { returnActionOf, returnReasons } from './returns';
import { businessDaysBetween, isBusinessDay } from './target2';

const plan: PremiumPlan = {
  start: '2026-03-20',
  paymentsPerYear: 12,
  ratePerPaymentCents: 525,
  firstDebitOn: '2026-03-16',
};
const base: CollectionInput = {
  today: '2026-03-11',
  leadBusinessDays: 2,
  noticeDays: 5,
  plan,
  entries: [],
  debits: [],
  mandate: { reference: 'MK-2026-000001-01', stopped: false, first: true },
  collect: true,
};
const due = (period: string, amountCents = 525): LedgerEntry => ({
  kind: 'premium_due',
  amountCents,
  period,
});

describe('collection run for one contract', () => {
  test('nothing before the first period comes within reach', () => {
    expect(planCollection({ ...base, today: '2026-03-10' })).toEqual({ dues: [], debits: [] });
  });
  test('the first period: due booked, FRST on its regular day, its own notice', () => {
    const r = planCollection({ ...base, today: '2026-03-15' });
    expect(r.dues).toEqual([due('2026-03-20')]);
    expect(r.debits).toEqual([
      {
        period: '2026-03-20',
        attempt: 1,
        amountCents: 525,
        dueOn: '2026-03-20',
        sequence: 'FRST',
        notice: 'first_period',
      },
    ]);
  });
  test('a regular period after a collected one: RCUR, no notice (the policy announced it)', () => {
    const r = planCollection({
      ...base,
      today: '2026-04-15',
      entries: [due('2026-03-20'), { kind: 'collected', amountCents: 525, period: '2026-03-20' }],
      debits: [
        {
          period: '2026-03-20',
          attempt: 1,
          status: 'collected',
          mandateReference: 'MK-2026-000001-01',
        },
      ],
    });
    expect(r.debits).toEqual([
      {
        period: '2026-04-20',
        attempt: 1,
        amountCents: 525,
        dueOn: '2026-04-20',
        sequence: 'RCUR',
        notice: null,
      },
    ]);
  });
  const returned = (reason: string, mandateReference = 'MK-2026-000001-01'): DebitSeen => ({
    period: '2026-03-20',
    attempt: 1,
    status: 'returned',
    mandateReference,
    returnReason: reason,
  });
  const afterReturn = {
    ...base,
    today: '2026-03-25',
    entries: [
      due('2026-03-20'),
      { kind: 'collected', amountCents: 525, period: '2026-03-20' },
      { kind: 'returned', amountCents: 525, period: '2026-03-20' },
    ] as LedgerEntry[],
  };
  test.each([
    // reason, new mandate?, presented again?
    ['AC04', false, false],
    ['AC04', true, true],
    ['AC01', true, true],
    ['MS03', false, true],
    ['AM04', false, true],
    ['MS02', false, false],
    ['MD06', false, false],
    ['MD01', false, false],
    ['XX99', false, false], // unknown: staff looks at it
  ])('returned %s (new mandate %s): presented again %s', (reason, renewed, again) => {
    const r = planCollection({
      ...afterReturn,
      debits: [returned(reason)],
      mandate: renewed
        ? { reference: 'MK-2026-000001-02', stopped: false, first: false }
        : {
            reference: 'MK-2026-000001-01',
            stopped: returnActionOf(reason).stopMandate,
            first: true,
          },
    });
    expect(r.debits.length).toBe(again ? 1 : 0);
    if (again) {
      expect(r.debits[0]).toMatchObject({
        attempt: 2,
        sequence: renewed ? 'FRST' : 'RCUR',
        notice: renewed ? 'new_mandate' : 'catch_up',
        dueOn: '2026-03-30', // five days' notice, on a business day
      });
    }
  });
  test('MS03 twice on the same mandate: no third attempt', () => {
    const r = planCollection({
      ...afterReturn,
      debits: [returned('MS03'), { ...returned('MS03'), attempt: 2 }],
    });
    expect(r.debits).toEqual([]);
  });
  test('a withdrawn contract presents nothing; an ended one only what its settlement left open', () => {
    expect(planCollection({ ...afterReturn, collect: false }).debits).toEqual([]);
    const ended = planCollection({
      ...base,
      today: '2026-05-15',
      endOn: '2026-05-01',
      entries: [
        due('2026-03-20'),
        { kind: 'collected', amountCents: 525, period: '2026-03-20' },
        due('2026-04-20', 186),
      ],
      debits: [
        {
          period: '2026-03-20',
          attempt: 1,
          status: 'collected',
          mandateReference: 'MK-2026-000001-01',
        },
      ],
    });
    expect(ended.dues).toEqual([]);
    expect(ended.debits).toMatchObject([
      { period: '2026-04-20', amountCents: 186, notice: 'catch_up' },
    ]);
  });
  test('every due day is a business day, at least the lead days and any notice days ahead', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700 }), (n) => {
        const today = addDays('2026-03-01', n);
        const r = planCollection({ ...base, today });
        for (const d of r.debits) {
          expect(isBusinessDay(d.dueOn)).toBe(true);
          expect(businessDaysBetween(today, d.dueOn)).toBeGreaterThanOrEqual(2);
          if (d.notice) expect(d.dueOn >= addDays(today, 5)).toBe(true);
        }
      }),
      { numRuns: 300 },
    ));
  test('every reason code of the issue has an action', () =>
    expect(Object.keys(returnReasons).sort()).toEqual([
      'AC01',
      'AC04',
      'AC06',
      'AG01',
      'AM04',
      'MD01',
      'MD02',
      'MD06',
      'MS02',
      'MS03',
    ]));
});
