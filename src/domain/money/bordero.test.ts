import { expect, test } from 'vitest';
import fc from 'fast-check';
import { bordero, borderoCsv, taxIncluded, type BorderoEntry } from './bordero';

test.each([
  [11900, 1900, 1900], // 119,00 gross at 19 % contains 19,00
  [525, 1900, 84], // 83.82 → 84
  [100, 1900, 16], // 15.97 → 16
  [-525, 1900, -84],
  [0, 1900, 0],
])('tax in %i at %i bp = %i', (g, bp, want) => expect(taxIncluded(g, bp)).toBe(want));

const e = (
  contractNumber: string,
  kind: BorderoEntry['kind'],
  amountCents: number,
  bookedOn: string,
) => ({
  contractNumber,
  kind,
  amountCents,
  bookedOn,
});

test('one month: collected less returned, refunds paid, other months and kinds left out', () => {
  const b = bordero(
    [
      e('MK-2026-000002', 'collected', 525, '2026-03-16'),
      e('MK-2026-000001', 'collected', 525, '2026-03-16'),
      e('MK-2026-000001', 'returned', 525, '2026-03-19'),
      e('MK-2026-000001', 'collected', 525, '2026-03-24'),
      e('MK-2026-000001', 'refund_paid', 102, '2026-03-31'),
      e('MK-2026-000001', 'premium_due', 525, '2026-03-11'),
      e('MK-2026-000001', 'fee', 300, '2026-03-19'),
      e('MK-2026-000002', 'collected', 525, '2026-04-16'),
    ],
    '2026-03',
    1900,
  );
  expect(b.rows).toEqual([
    {
      contractNumber: 'MK-2026-000001',
      collectedCents: 525,
      refundedCents: 102,
      netCents: 423,
      taxCents: 68,
      premiumExTaxCents: 355,
    },
    {
      contractNumber: 'MK-2026-000002',
      collectedCents: 525,
      refundedCents: 0,
      netCents: 525,
      taxCents: 84,
      premiumExTaxCents: 441,
    },
  ]);
  expect(borderoCsv(b, '2026-03')).toBe(
    'Monat;Vertragsnummer;Eingezogen;Erstattet;Netto;Versicherungsteuer;Beitrag ohne Steuer\r\n' +
      '2026-03;MK-2026-000001;5,25;1,02;4,23;0,68;3,55\r\n' +
      '2026-03;MK-2026-000002;5,25;0,00;5,25;0,84;4,41\r\n' +
      '2026-03;Summe;10,50;1,02;9,48;1,52;7,96\r\n',
  );
});

test('the totals reconcile with the ledger: Σ rows = Σ entries of the month, net = tax + premium', () =>
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          contractNumber: fc.constantFrom('MK-2026-000001', 'MK-2026-000002', 'MK-2026-000003'),
          kind: fc.constantFrom('collected', 'returned', 'refund_paid', 'fee') as fc.Arbitrary<
            BorderoEntry['kind']
          >,
          amountCents: fc.integer({ min: 1, max: 100_000 }),
          bookedOn: fc.constantFrom('2026-03-01', '2026-03-31', '2026-04-01'),
        }),
      ),
      (entries) => {
        const b = bordero(entries, '2026-03', 1900);
        const march = entries.filter((x) => x.bookedOn.startsWith('2026-03'));
        const total = (k: string) =>
          march.filter((x) => x.kind === k).reduce((a, x) => a + x.amountCents, 0);
        expect(b.totals.collectedCents).toBe(total('collected') - total('returned'));
        expect(b.totals.refundedCents).toBe(total('refund_paid'));
        for (const r of [...b.rows, b.totals]) {
          expect(r.taxCents + r.premiumExTaxCents).toBe(r.netCents);
          expect(Number.isSafeInteger(r.taxCents)).toBe(true);
        }
      },
    ),
  ));
