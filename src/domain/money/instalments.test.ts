import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { PremiumPlan } from '../contracts/premiums';
import { addDays } from '../dates';
import { planCollection, type CollectionInput, type DebitSeen } from './collection';
import { debitEndToEndId } from './endToEndIds';
import {
  firstInstalmentDay,
  handedOverPeriods,
  instalmentRefusal,
  instalmentSchedule,
  monthlyDueDays,
  owedNow,
  scheduledInstalmentCents,
  splitCents,
  staffInstalmentCounts,
  tenantInstalmentChoices,
  tenantInstalmentCounts,
} from './instalments';
import { isBusinessDay } from './target2';
import { dunningPaused, writeOffEntries } from './decisions';

describe('splitting an amount', () => {
  test.each([
    [1000, 3, [334, 333, 333]],
    [1575, 6, [263, 263, 263, 262, 262, 262]],
    [1200, 12, Array(12).fill(100)],
    [5, 1, [5]],
  ])('%i in %i parts', (total, n, parts) => expect(splitCents(total, n)).toEqual(parts));

  test('whole cents that add up exactly and differ by at most one cent, larger first', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (t, n) => {
          const parts = splitCents(t, n);
          expect(parts).toHaveLength(n);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(t);
          for (const p of parts) expect(Number.isSafeInteger(p)).toBe(true);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          expect([...parts].sort((a, b) => b - a)).toEqual(parts);
        },
      ),
    ));

  test.each([
    [0, 3],
    [-5, 3],
    [10.5, 3],
    [100, 0],
  ])('%s in %s parts is refused', (t, n) => expect(() => splitCents(t, n)).toThrow(RangeError));
});

describe('due days', () => {
  test('monthly, the same day or the month end, moved to the next T2 business day', () =>
    expect(monthlyDueDays('2026-01-31', 4)).toEqual([
      '2026-02-02', // 31 Jan 2026 is a Saturday
      '2026-03-02', // 28 Feb is a Saturday
      '2026-03-31',
      '2026-04-30',
    ]));
  test('Easter: Good Friday 3 April 2026 and Easter Monday 6 April are not T2 days', () =>
    expect(monthlyDueDays('2026-03-03', 2)).toEqual(['2026-03-03', '2026-04-07']));

  test('every due day is a business day, in order, one a month, the first after the notice', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 5, max: 14 }),
        (offset, n, noticeDays) => {
          const today = addDays('2025-01-01', offset);
          const s = instalmentSchedule({
            totalCents: 100_00,
            count: n,
            today,
            leadBusinessDays: 2,
            noticeDays,
          });
          expect(s[0]!.dueOn > addDays(today, noticeDays)).toBe(true);
          expect(s[0]!.dueOn).toBe(firstInstalmentDay(today, { leadBusinessDays: 2, noticeDays }));
          for (const [i, p] of s.entries()) {
            expect(isBusinessDay(p.dueOn)).toBe(true);
            if (i > 0) {
              expect(p.dueOn > s[i - 1]!.dueOn).toBe(true);
              // months apart, never more than 3 days off (a weekend and Easter Monday)
              const gap = (Date.parse(p.dueOn) - Date.parse(s[i - 1]!.dueOn)) / 86_400_000;
              expect(gap).toBeGreaterThanOrEqual(25);
              expect(gap).toBeLessThanOrEqual(35);
            }
          }
        },
      ),
    ));
});

describe('choices and refusals', () => {
  test('the tenant chooses 3, 6 or 12 parts of at least one euro', () => {
    expect(tenantInstalmentCounts).toEqual([3, 6, 12]);
    expect(tenantInstalmentChoices(299)).toEqual([]);
    expect(tenantInstalmentChoices(300)).toEqual([3]);
    expect(tenantInstalmentChoices(1200)).toEqual([3, 6, 12]);
  });
  test.each([
    [0, 3, tenantInstalmentCounts, 'nothing_owed'],
    [1000, 4, tenantInstalmentCounts, 'count'],
    [500, 6, tenantInstalmentCounts, 'too_small'],
    [1000, 4, staffInstalmentCounts, null],
    [1000, 1, staffInstalmentCounts, 'count'],
  ] as const)('%i in %i parts → %s', (owed, n, allowed, want) =>
    expect(instalmentRefusal(owed, n, allowed)).toBe(want),
  );
  test('owed now leaves out what is about to be collected or handed over', () => {
    expect(
      owedNow({
        openCents: 2000,
        pendingDebitCents: 525,
        scheduledInstalmentCents: 700,
        handedOverCents: 0,
      }),
    ).toBe(775);
    expect(
      owedNow({
        openCents: 500,
        pendingDebitCents: 525,
        scheduledInstalmentCents: 0,
        handedOverCents: 0,
      }),
    ).toBe(0);
  });
});

describe('the collection run collects instalments (the seam)', () => {
  const plan: PremiumPlan = {
    start: '2026-03-20',
    paymentsPerYear: 12,
    ratePerPaymentCents: 525,
    firstDebitOn: '2026-03-16',
  };
  const mandate = 'MK-2026-000001-01';
  const returned: DebitSeen = {
    period: '2026-03-20',
    attempt: 1,
    status: 'returned',
    mandateReference: mandate,
    returnReason: 'MS02',
  };
  const base: CollectionInput = {
    today: '2026-05-04',
    leadBusinessDays: 2,
    noticeDays: 5,
    plan,
    entries: [
      { kind: 'premium_due', amountCents: 525, period: '2026-03-20' },
      { kind: 'collected', amountCents: 525, period: '2026-03-20' },
      { kind: 'returned', amountCents: 525, period: '2026-03-20' },
      { kind: 'premium_due', amountCents: 525, period: '2026-04-20' },
      { kind: 'collected', amountCents: 525, period: '2026-04-20' },
    ],
    debits: [returned],
    mandate: { reference: mandate, stopped: false, first: true },
    collect: true,
    instalments: [
      { id: 'i1', label: 'P1-01', amountCents: 263, dueOn: '2026-05-11' },
      { id: 'i2', label: 'P1-02', amountCents: 262, dueOn: '2026-06-11' },
    ],
    coveredPeriods: ['2026-03-20'],
  };

  test('an instalment within reach is planned with its own notice; later ones wait', () => {
    const r = planCollection(base);
    expect(r.debits).toEqual([
      {
        period: '2026-05-11',
        attempt: 1,
        amountCents: 263,
        dueOn: '2026-05-11',
        sequence: 'RCUR',
        notice: 'instalment',
        instalment: { id: 'i1', label: 'P1-01' },
      },
    ]);
    expect(debitEndToEndId('MK-2026-000001', r.debits[0]!)).toBe('MK-2026-000001-P1-01-1');
  });

  test('a covered period is not debited on its own, even on a new mandate', () => {
    // AC04: the period would be presented again on the tenant's new mandate, but a plan pays it
    const input: CollectionInput = {
      ...base,
      debits: [{ ...returned, returnReason: 'AC04' }],
      instalments: [],
      mandate: { reference: 'MK-2026-000001-02', stopped: false, first: false },
    };
    expect(planCollection({ ...input, coveredPeriods: [] }).debits).toMatchObject([
      { period: '2026-03-20', attempt: 2 },
    ]);
    expect(planCollection(input).debits).toEqual([]);
  });

  test('an instalment underway or collected is not planned again; a returned one per its code', () => {
    const seen = (status: DebitSeen['status'], returnReason?: string): DebitSeen => ({
      period: '2026-05-11',
      attempt: 1,
      status,
      mandateReference: mandate,
      instalmentId: 'i1',
      returnReason,
    });
    for (const s of ['planned', 'in_batch', 'presented', 'collected'] as const)
      expect(planCollection({ ...base, debits: [returned, seen(s)] }).debits).toEqual([]);
    const again = planCollection({
      ...base,
      today: '2026-05-15',
      debits: [returned, seen('returned', 'AM04')],
    }).debits.filter((d) => d.instalment);
    expect(again).toMatchObject([{ attempt: 2, notice: 'catch_up', instalment: { id: 'i1' } }]);
    expect(again[0]!.dueOn).toBe('2026-05-20'); // its own notice, five days ahead
    expect(
      planCollection({
        ...base,
        today: '2026-05-15',
        debits: [returned, seen('returned', 'MS02')],
      }).debits.filter((d) => d.instalment),
    ).toEqual([]);
  });

  test('instalments still to come count as scheduled, failed ones do not', () => {
    const parts = base.instalments!;
    expect(scheduledInstalmentCents(parts, [], mandate)).toBe(525);
    const failed: DebitSeen = {
      period: '2026-05-11',
      attempt: 1,
      status: 'returned',
      mandateReference: mandate,
      instalmentId: 'i1',
      returnReason: 'MS02',
    };
    expect(scheduledInstalmentCents(parts, [failed], mandate)).toBe(262);
    expect(
      scheduledInstalmentCents(
        parts,
        [{ ...failed, status: 'collected', returnReason: null }],
        mandate,
      ),
    ).toBe(262);
  });
});

describe('periods handed over to collection (ADR 1229)', () => {
  const open = new Map([
    ['2026-05-20', 525],
    ['2026-03-20', 525],
    ['2026-04-20', 525],
    ['2026-06-20', 0],
  ]);
  test.each([
    { cents: 0, skip: [], periods: [] },
    { cents: 525, skip: [], periods: ['2026-03-20'] },
    { cents: 1050, skip: [], periods: ['2026-03-20', '2026-04-20'] },
    // reached in part: covered, presenting it in full could make the tenant pay that part twice
    { cents: 600, skip: [], periods: ['2026-03-20', '2026-04-20'] },
    // a plan covers March (or a debit collects it): the hand-over was April's
    { cents: 525, skip: ['2026-03-20'], periods: ['2026-04-20'] },
    { cents: 5000, skip: [], periods: ['2026-03-20', '2026-04-20', '2026-05-20'] },
  ])('$cents cents, skipping $skip: $periods', ({ cents, skip, periods }) => {
    expect(handedOverPeriods(open, cents, new Set(skip))).toEqual(periods);
  });

  test('the run does not present a handed-over period again on a new mandate (AC04)', () => {
    const mandate = 'MK-2026-000001-01';
    const input: CollectionInput = {
      today: '2026-04-25',
      leadBusinessDays: 2,
      noticeDays: 5,
      plan: {
        start: '2026-03-20',
        paymentsPerYear: 12,
        ratePerPaymentCents: 525,
        firstDebitOn: '2026-03-16',
      },
      entries: [
        { kind: 'premium_due', amountCents: 525, period: '2026-03-20' },
        { kind: 'collected', amountCents: 525, period: '2026-03-20' },
        { kind: 'returned', amountCents: 525, period: '2026-03-20' },
        { kind: 'premium_due', amountCents: 525, period: '2026-04-20' },
        { kind: 'collected', amountCents: 525, period: '2026-04-20' },
      ],
      debits: [
        {
          period: '2026-03-20',
          attempt: 1,
          status: 'returned',
          mandateReference: mandate,
          returnReason: 'AC04',
        },
      ],
      mandate: { reference: 'MK-2026-000001-02', stopped: false, first: false },
      collect: true,
    };
    expect(planCollection(input).debits).toMatchObject([{ period: '2026-03-20', attempt: 2 }]);
    const covered = handedOverPeriods(new Map([['2026-03-20', 525]]), 525, new Set<string>());
    expect(planCollection({ ...input, coveredPeriods: covered }).debits).toEqual([]);
  });
});

describe('write-off entries', () => {
  test('open periods first (not one a debit or plan is collecting), the rest without a period', () => {
    const entries = [
      { kind: 'premium_due', amountCents: 525, period: '2026-03-20' },
      { kind: 'premium_due', amountCents: 525, period: '2026-04-20' },
      { kind: 'premium_due', amountCents: 525, period: '2026-05-20' },
      { kind: 'premium_due', amountCents: 525, period: '2026-06-20' },
      { kind: 'fee', amountCents: 300 },
    ] as const;
    const debits = [{ period: '2026-05-20', status: 'presented' as const, instalmentId: null }];
    expect(writeOffEntries(1350, entries, debits, ['2026-06-20'])).toEqual([
      { kind: 'write_off', amountCents: 525, period: '2026-03-20' },
      { kind: 'write_off', amountCents: 525, period: '2026-04-20' },
      { kind: 'write_off', amountCents: 300 },
    ]);
    expect(writeOffEntries(400, entries, [])).toEqual([
      { kind: 'write_off', amountCents: 400, period: '2026-03-20' },
    ]);
  });
  test('pauses: a dispute or a claim', () => {
    expect(dunningPaused({ disputeOpen: false, claimOpen: false })).toBe(false);
    expect(dunningPaused({ disputeOpen: true, claimOpen: false })).toBe(true);
    expect(dunningPaused({ disputeOpen: false, claimOpen: true })).toBe(true);
  });
});
