import { expect, test } from 'vitest';
import fc from 'fast-check';
import { bordero, type BorderoEntry } from './bordero';
import { insurerOf, InsurerConfigError, parseInsurers } from './insurers';

test('INSURERS: id=Name, the first is the default', () => {
  const list = parseInsurers('main=Beispiel Versicherung AG, zwei=Zweite Versicherung SE');
  expect(list).toEqual([
    { id: 'main', name: 'Beispiel Versicherung AG' },
    { id: 'zwei', name: 'Zweite Versicherung SE' },
  ]);
  expect(insurerOf(null, list).id).toBe('main');
  expect(insurerOf('zwei', list).id).toBe('zwei');
  expect(insurerOf('gone', list).id).toBe('main');
});

test.each(['', 'main', '=Name', 'Main=X', 'a=X,a=Y', 'a b=X'])('%j is refused', (v) =>
  expect(() => parseInsurers(v)).toThrow(InsurerConfigError),
);

test('per-insurer Borderos add up to the whole month, to the cent', () =>
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          contractNumber: fc.constantFrom('MK-2026-000001', 'MK-2026-000002', 'MK-2026-000003'),
          kind: fc.constantFrom('collected', 'returned', 'refund_paid', 'fee') as fc.Arbitrary<
            BorderoEntry['kind']
          >,
          amountCents: fc.integer({ min: 1, max: 100_000 }),
          bookedOn: fc.constantFrom('2026-03-01', '2026-03-31'),
        }),
      ),
      fc.func(fc.constantFrom('main', 'zwei')),
      (entries, assign) => {
        const of = (n: string) => assign(n);
        const whole = bordero(entries, '2026-03', 1900).totals;
        const parts = ['main', 'zwei'].map(
          (i) =>
            bordero(
              entries.filter((e) => of(e.contractNumber) === i),
              '2026-03',
              1900,
            ).totals,
        );
        for (const k of Object.keys(whole) as Array<keyof typeof whole>)
          expect(parts[0]![k] + parts[1]![k]).toBe(whole[k]);
      },
    ),
  ));
