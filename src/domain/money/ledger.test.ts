import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { PremiumPlan } from '../contracts/premiums';
import {
  balanceEffect,
  balanceOf,
  checkEntry,
  ledgerKinds,
  openByPeriod,
  summaryOf,
  type LedgerEntry,
} from './ledger';
import { owedByPeriod, settleEnd, settleWithdrawal } from './settlement';

const monthly: PremiumPlan = {
  start: '2026-03-15',
  paymentsPerYear: 12,
  ratePerPaymentCents: 1000,
  firstDebitOn: '2026-03-16',
};
const yearly: PremiumPlan = {
  start: '2026-01-01',
  paymentsPerYear: 1,
  ratePerPaymentCents: 6300,
  firstDebitOn: '2026-01-01',
};

const due = (period: string, amountCents = 1000): LedgerEntry => ({
  kind: 'premium_due',
  amountCents,
  period,
});
const got = (period: string, amountCents = 1000): LedgerEntry => ({
  kind: 'collected',
  amountCents,
  period,
});
const back = (period: string, amountCents = 1000): LedgerEntry => ({
  kind: 'returned',
  amountCents,
  period,
});

describe('entries', () => {
  test.each([
    [{ kind: 'collected', amountCents: 0.5 }, 'whole number'],
    [{ kind: 'fee', amountCents: -300 }, 'positive'],
    [{ kind: 'premium_due', amountCents: 0 }, 'positive'],
    [{ kind: 'correction', amountCents: 0 }, 'positive'],
    [{ kind: 'refund_due', amountCents: Number.MAX_SAFE_INTEGER + 2 }, 'whole number'],
  ] as const)('%o is refused', (e, why) => expect(() => checkEntry(e)).toThrow(why));
  test.each([
    { kind: 'correction', amountCents: -452 },
    { kind: 'collected', amountCents: 1 },
  ] as const)('%o is accepted', (e) => expect(() => checkEntry(e)).not.toThrow());

  test('balance and summary of a returned first debit with a fee', () => {
    const entries: LedgerEntry[] = [
      due('2026-03-15'),
      got('2026-03-15'),
      back('2026-03-15'),
      { kind: 'fee', amountCents: 300 },
      due('2026-04-15'),
      got('2026-04-15'),
    ];
    expect(balanceOf(entries)).toBe(1300);
    expect(summaryOf(entries)).toMatchObject({
      premiumCents: 2000,
      collectedCents: 1000,
      feeCents: 300,
      openCents: 1300,
      creditCents: 0,
    });
    expect(openByPeriod(entries)).toEqual(
      new Map([
        ['2026-03-15', 1000],
        ['2026-04-15', 0],
      ]),
    );
  });
});

describe('settlement against what was collected', () => {
  test('cancellation before the first debit: nothing refunded, the days covered are owed', () => {
    // The old code promised "Zu viel gezahlte Beiträge von 4,62 €" here.
    const r = settleEnd([], monthly, '2026-04-01');
    expect(r.settlement).toEqual({
      paidCents: 0,
      owedCents: 548,
      refundCents: 0,
      outstandingCents: 548,
    });
    expect(r.entries).toEqual([due('2026-03-15', 548)]);
  });
  test.each([
    // [plan, entries, endOn, refund, outstanding]
    [monthly, [due('2026-03-15'), got('2026-03-15')], '2026-04-01', 452, 0],
    [monthly, [due('2026-03-15'), got('2026-03-15'), back('2026-03-15')], '2026-04-01', 0, 548],
    [monthly, [due('2026-03-15'), got('2026-03-15')], '2026-04-15', 0, 0],
    [monthly, [due('2026-03-15'), got('2026-03-15')], '2026-05-01', 0, 533],
    [monthly, [due('2026-03-15'), got('2026-03-15')], '2026-03-15', 1000, 0], // released day one
    [yearly, [due('2026-01-01', 6300), got('2026-01-01', 6300)], '2026-07-01', 3176, 0],
    // debited in advance for a period after the end: charged back in full
    [
      monthly,
      [due('2026-03-15'), got('2026-03-15'), due('2026-04-15'), got('2026-04-15')],
      '2026-04-15',
      1000,
      0,
    ],
  ] as const)('plan %#: → refund %i, outstanding %i', (plan, entries, endOn, r, o) => {
    const s = settleEnd(entries, plan, endOn);
    expect(s.settlement.refundCents).toBe(r);
    expect(s.settlement.outstandingCents).toBe(o);
  });
  test('settling twice adds nothing the second time', () => {
    const entries = [due('2026-03-15'), got('2026-03-15')];
    const first = settleEnd(entries, monthly, '2026-04-01');
    const again = settleEnd([...entries, ...first.entries], monthly, '2026-04-01');
    expect(again.entries).toEqual([]);
    expect(again.settlement).toEqual(first.settlement);
  });
  test.each([
    [[], 0],
    [[due('2026-03-15'), got('2026-03-15')], 1000],
    [[due('2026-03-15'), got('2026-03-15'), back('2026-03-15')], 0],
  ] as const)('withdrawal refunds what was collected: %o → %i', (entries, want) => {
    const s = settleWithdrawal(entries);
    expect(s.settlement.refundCents).toBe(want);
    expect(s.settlement.outstandingCents).toBe(0);
  });
  test('a withdrawal keeps a bank fee owed', () => {
    const s = settleWithdrawal([
      due('2026-03-15'),
      got('2026-03-15'),
      back('2026-03-15'),
      { kind: 'fee', amountCents: 350 },
    ]);
    expect(s.settlement).toMatchObject({ refundCents: 0, outstandingCents: 350 });
  });
  test('owed per period: full periods, the last pro rata', () => {
    expect(owedByPeriod(monthly, '2026-05-01')).toEqual(
      new Map([
        ['2026-03-15', 1000],
        ['2026-04-15', 533],
      ]),
    );
  });
});

/** Random histories: premiums charged and collected, returns, fees, partial refunds paid. */
const step = fc.oneof(
  fc.record({ op: fc.constant('due' as const), period: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ op: fc.constant('collect' as const), period: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ op: fc.constant('return' as const), period: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ op: fc.constant('fee' as const), cents: fc.integer({ min: 1, max: 2000 }) }),
  fc.record({ op: fc.constant('pay' as const) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
const periodOf = (k: number) => `2026-${String(3 + k).padStart(2, '0')}-15`;

function replay(plan: PremiumPlan, steps: Step[]): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const s of steps) {
    const open = openByPeriod(out);
    if (
      s.op === 'due' &&
      !out.some((e) => e.kind === 'premium_due' && e.period === periodOf(s.period))
    )
      out.push(due(periodOf(s.period), plan.ratePerPaymentCents));
    if (s.op === 'collect' && (open.get(periodOf(s.period)) ?? 0) > 0)
      out.push(got(periodOf(s.period), open.get(periodOf(s.period))!));
    if (s.op === 'return') {
      const p = periodOf(s.period);
      const net = out.reduce(
        (n, e) =>
          e.period === p
            ? n + (e.kind === 'collected' ? 1 : e.kind === 'returned' ? -1 : 0) * e.amountCents
            : n,
        0,
      );
      if (net > 0) out.push(back(p, net));
    }
    if (s.op === 'fee') out.push({ kind: 'fee', amountCents: s.cents });
    if (s.op === 'pay') {
      const open = summaryOf(out).refundOpenCents;
      if (open > 0) out.push({ kind: 'refund_paid', amountCents: open });
    }
  }
  return out;
}

describe('properties over random histories', () => {
  const plan = fc.constantFrom(monthly, { ...monthly, ratePerPaymentCents: 1337 });
  const end = fc.integer({ min: 0, max: 200 }).map((d) => {
    const t = new Date(Date.UTC(2026, 2, 15 + d));
    return t.toISOString().slice(0, 10);
  });
  test('a settlement never refunds more than was collected; whole cents; balance = Σ entries', () => {
    fc.assert(
      fc.property(
        plan,
        fc.array(step, { maxLength: 30 }),
        end,
        fc.boolean(),
        (p, steps, endOn, w) => {
          const entries = replay(p, steps);
          const r = w ? settleWithdrawal(entries) : settleEnd(entries, p, endOn);
          const all = [...entries, ...r.entries];
          const s = summaryOf(all);
          for (const e of all) {
            expect(Number.isSafeInteger(e.amountCents)).toBe(true);
            expect(() => checkEntry(e)).not.toThrow();
          }
          expect(s.refundDueCents).toBeLessThanOrEqual(s.collectedCents);
          expect(s.refundPaidCents).toBeLessThanOrEqual(s.refundDueCents);
          expect(balanceOf(all)).toBe(
            all.reduce((sum, e) => sum + balanceEffect[e.kind] * e.amountCents, 0),
          );
          // open and refund never both: what is owed is shown as owed, not netted into a refund
          expect(r.settlement.refundCents > 0 && r.settlement.outstandingCents > 0).toBe(false);
          // and once settled, premiums charged equal premiums owed to the day
          const owed = w ? 0 : [...owedByPeriod(p, endOn).values()].reduce((a, b) => a + b, 0);
          expect(s.premiumCents).toBe(owed);
        },
      ),
      { numRuns: 400 },
    );
  });
  test('every kind has one balance effect', () =>
    expect(Object.keys(balanceEffect).sort()).toEqual([...ledgerKinds].sort()));
});
