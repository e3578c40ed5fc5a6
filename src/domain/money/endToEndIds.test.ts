import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  debitEndToEndId,
  endToEndId,
  instalmentEndToEndId,
  instalmentLabel,
  parseEndToEndId,
} from './endToEndIds';

describe('end-to-end ids of our debits', () => {
  test.each([
    [
      endToEndId('MK-2026-000042', '2026-03-20', 2),
      'MK-2026-000042-20260320-2',
      { kind: 'period', contractNumber: 'MK-2026-000042', period: '2026-03-20', attempt: 2 },
    ],
    [
      endToEndId('TEST-MK-2026-000042', '2026-12-01', 1),
      'TEST-MK-2026-000042-20261201-1',
      { kind: 'period', contractNumber: 'TEST-MK-2026-000042', period: '2026-12-01', attempt: 1 },
    ],
    [
      instalmentEndToEndId('MK-2026-000042', instalmentLabel(1, 3), 1),
      'MK-2026-000042-P1-03-1',
      { kind: 'instalment', contractNumber: 'MK-2026-000042', plan: 1, part: 3, attempt: 1 },
    ],
    [
      instalmentEndToEndId('MK-2026-000042', instalmentLabel(12, 12), 3),
      'MK-2026-000042-P12-12-3',
      { kind: 'instalment', contractNumber: 'MK-2026-000042', plan: 12, part: 12, attempt: 3 },
    ],
  ])('%s is built as %s and read back', (built, id, parsed) => {
    expect(built).toBe(id);
    expect(id.length).toBeLessThanOrEqual(35);
    expect(parseEndToEndId(id)).toEqual(parsed);
  });

  test.each([
    ['', 'empty'],
    ['NOTPROVIDED', "the bank's placeholder"],
    ['FREMD-0815', "someone else's id"],
    ['MK-2026-42-20260320-1', 'a short contract number'],
    ['MR-2026-000042-20260320-1', 'a reservation number'],
    ['MK-2026-000042-2026032-1', 'a day of seven digits'],
    ['MK-2026-000042-20261340-1', 'no calendar day'],
    ['MK-2026-000042-20260320-0', 'attempt 0'],
    ['MK-2026-000042-20260320-', 'no attempt'],
    ['MK-2026-000042-P1-3-1', 'a part of one digit'],
    ['MK-2026-000042-P1-00-1', 'part 0'],
    ['MK-2026-000042-P0-01-1', 'plan 0'],
    ['MK-2026-000042-R1', 'a refund'],
    ['mk-2026-000042-20260320-1', 'lower case'],
  ])('%s is not one of ours (%s)', (id) => expect(parseEndToEndId(id)).toBeUndefined());

  test('the collection run names a debit by its instalment, else by its period', () => {
    expect(debitEndToEndId('MK-2026-000001', { period: '2026-04-20', attempt: 1 })).toBe(
      'MK-2026-000001-20260420-1',
    );
    expect(
      debitEndToEndId('MK-2026-000001', {
        period: '2026-04-20',
        attempt: 2,
        instalment: { label: instalmentLabel(2, 1) },
      }),
    ).toBe('MK-2026-000001-P2-01-2');
  });

  test('every id built is read back to what built it', () => {
    const contract = fc
      .tuple(
        fc.boolean(),
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 999999 }),
      )
      .map(([test, y, n]) => `${test ? 'TEST-' : ''}MK-${y}-${String(n).padStart(6, '0')}`);
    const attempt = fc.integer({ min: 1, max: 999 });
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(contract, day, attempt, (c, period, a) => {
        const id = endToEndId(c, period, a);
        expect(id.length).toBeLessThanOrEqual(35);
        expect(parseEndToEndId(id)).toEqual({
          kind: 'period',
          contractNumber: c,
          period,
          attempt: a,
        });
      }),
      { seed: 29 },
    );
    fc.assert(
      fc.property(
        contract,
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 99 }),
        attempt,
        (c, plan, part, a) => {
          const id = instalmentEndToEndId(c, instalmentLabel(plan, part), a);
          expect(id.length).toBeLessThanOrEqual(35);
          expect(parseEndToEndId(id)).toEqual({
            kind: 'instalment',
            contractNumber: c,
            plan,
            part,
            attempt: a,
          });
        },
      ),
      { seed: 29 },
    );
  });
});
