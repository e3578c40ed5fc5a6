import { expect, test } from 'vitest';
import fc from 'fast-check';
import { ledgerKinds } from './ledger';
import { premiumStatement, statementYears, type DatedEntry } from './statement';

const e = (kind: DatedEntry['kind'], amountCents: number, bookedOn: string): DatedEntry => ({
  kind,
  amountCents,
  bookedOn,
});

test('collected minus returned minus refunds paid, in the calendar year only', () => {
  const entries = [
    e('premium_due', 551, '2025-12-11'),
    e('collected', 551, '2025-12-15'),
    e('collected', 551, '2026-01-15'),
    e('returned', 551, '2026-01-20'),
    e('fee', 350, '2026-01-20'),
    e('collected', 551, '2026-02-16'),
    e('write_off', 100, '2026-03-01'),
    e('refund_paid', 102, '2026-03-31'),
    e('collected', 551, '2027-01-15'),
  ];
  const s = premiumStatement(entries, 2026);
  expect(s).toMatchObject({
    year: 2026,
    collectedCents: 1102,
    returnedCents: 551,
    refundedCents: 102,
    paidCents: 449,
  });
  expect(s.lines).toEqual([
    { bookedOn: '2026-01-15', kind: 'collected', amountCents: 551 },
    { bookedOn: '2026-01-20', kind: 'returned', amountCents: -551 },
    { bookedOn: '2026-02-16', kind: 'collected', amountCents: 551 },
    { bookedOn: '2026-03-31', kind: 'refund_paid', amountCents: -102 },
  ]);
  expect(statementYears(entries)).toEqual([2027, 2026, 2025]);
});

test('the lines add up to the paid amount, whole cents', () =>
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          kind: fc.constantFrom(...ledgerKinds),
          amountCents: fc.integer({ min: 1, max: 100_000 }),
          bookedOn: fc.constantFrom('2025-12-31', '2026-01-01', '2026-06-30', '2027-01-01'),
        }),
      ),
      (entries) => {
        const s = premiumStatement(entries, 2026);
        expect(s.lines.reduce((a, l) => a + l.amountCents, 0)).toBe(s.paidCents);
        expect(Number.isSafeInteger(s.paidCents)).toBe(true);
      },
    ),
  ));
