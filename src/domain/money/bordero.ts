import type { LedgerKind } from './ledger';

/**
 * The monthly Bordero for the insurer (issue 25 item 8, CSV part): per contract the premiums
 * collected in the month (collected − returned), the refunds paid, the net, and the insurance
 * tax contained in it. Premiums are gross (the tax is included), so the tax is
 * net × rate / (1 + rate), rounded half up per contract; the rate comes from configuration and
 * needs the operator's tax adviser.
 */
export interface BorderoEntry {
  contractNumber: string;
  kind: LedgerKind;
  amountCents: number;
  bookedOn: string;
}

export interface BorderoRow {
  contractNumber: string;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
  taxCents: number;
  premiumExTaxCents: number;
}

/** gross × bp / (10000 + bp), half up, in integer arithmetic. */
export function taxIncluded(grossCents: number, basisPoints: number): number {
  const sign = grossCents < 0 ? -1 : 1;
  const g = Math.abs(grossCents);
  return (
    sign * Math.floor((2 * g * basisPoints + 10000 + basisPoints) / (2 * (10000 + basisPoints)))
  );
}

export function bordero(
  entries: readonly BorderoEntry[],
  month: string,
  taxBasisPoints: number,
): { rows: BorderoRow[]; totals: Omit<BorderoRow, 'contractNumber'> } {
  const by = new Map<string, { collected: number; refunded: number }>();
  for (const e of entries) {
    if (!e.bookedOn.startsWith(`${month}-`)) continue;
    const sign =
      e.kind === 'collected' ? 1 : e.kind === 'returned' ? -1 : e.kind === 'refund_paid' ? 1 : 0;
    if (sign === 0) continue;
    const r = by.get(e.contractNumber) ?? { collected: 0, refunded: 0 };
    if (e.kind === 'refund_paid') r.refunded += e.amountCents;
    else r.collected += sign * e.amountCents;
    by.set(e.contractNumber, r);
  }
  const rows = [...by]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([contractNumber, r]) => {
      const net = r.collected - r.refunded;
      const tax = taxIncluded(net, taxBasisPoints);
      return {
        contractNumber,
        collectedCents: r.collected,
        refundedCents: r.refunded,
        netCents: net,
        taxCents: tax,
        premiumExTaxCents: net - tax,
      };
    });
  const sum = (k: keyof Omit<BorderoRow, 'contractNumber'>) => rows.reduce((a, r) => a + r[k], 0);
  return {
    rows,
    totals: {
      collectedCents: sum('collectedCents'),
      refundedCents: sum('refundedCents'),
      netCents: sum('netCents'),
      taxCents: sum('taxCents'),
      premiumExTaxCents: sum('premiumExTaxCents'),
    },
  };
}

const euro = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)},${String(a % 100).padStart(2, '0')}`;
};

/** Semicolon CSV with German decimals, as spreadsheets in Germany open it; a totals line last. */
export function borderoCsv(b: ReturnType<typeof bordero>, month: string): string {
  const head =
    'Monat;Vertragsnummer;Eingezogen;Erstattet;Netto;Versicherungsteuer;Beitrag ohne Steuer';
  const line = (n: string, r: Omit<BorderoRow, 'contractNumber'>) =>
    [
      month,
      n,
      euro(r.collectedCents),
      euro(r.refundedCents),
      euro(r.netCents),
      euro(r.taxCents),
      euro(r.premiumExTaxCents),
    ].join(';');
  return (
    [head, ...b.rows.map((r) => line(r.contractNumber, r)), line('Summe', b.totals)].join('\r\n') +
    '\r\n'
  );
}
