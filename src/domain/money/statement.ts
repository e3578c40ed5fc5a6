import type { LedgerKind } from './ledger';

/**
 * The yearly statement of premiums paid ("Beitragsbescheinigung {Jahr}", issue 25 item 7): from
 * the ledger, what really arrived in the calendar year (by the day the money moved): collected
 * minus returned minus refunds paid. Dues, fees and write-offs are not payments. Pure.
 */
export interface DatedEntry {
  kind: LedgerKind;
  amountCents: number;
  bookedOn: string;
}

/** A statement's year as a URL names it: 2000-2099 (the tenant's and the back office's routes). */
export const statementYearPattern = /^20\d\d$/;

const counted = { collected: 1, returned: -1, refund_paid: -1 } as const;
type Counted = keyof typeof counted;
const isCounted = (k: LedgerKind): k is Counted => Object.hasOwn(counted, k);

export interface PremiumStatement {
  year: number;
  collectedCents: number;
  returnedCents: number;
  refundedCents: number;
  /** collected − returned − refunded. */
  paidCents: number;
  /** The movements of the year in date order, signed as they count. */
  lines: Array<{ bookedOn: string; kind: Counted; amountCents: number }>;
}

export function premiumStatement(entries: readonly DatedEntry[], year: number): PremiumStatement {
  const lines = entries
    .filter((e) => e.bookedOn.startsWith(`${year}-`))
    .flatMap((e) =>
      isCounted(e.kind)
        ? [{ bookedOn: e.bookedOn, kind: e.kind, amountCents: counted[e.kind] * e.amountCents }]
        : [],
    )
    .sort((a, b) => (a.bookedOn < b.bookedOn ? -1 : a.bookedOn > b.bookedOn ? 1 : 0));
  const sum = (k: Counted) =>
    lines.filter((l) => l.kind === k).reduce((a, l) => a + Math.abs(l.amountCents), 0);
  const collectedCents = sum('collected');
  const returnedCents = sum('returned');
  const refundedCents = sum('refund_paid');
  return {
    year,
    collectedCents,
    returnedCents,
    refundedCents,
    paidCents: collectedCents - returnedCents - refundedCents,
    lines,
  };
}

/** Years with any payment movement, newest first (the statements a tenant can download). */
export function statementYears(entries: readonly DatedEntry[]): number[] {
  const years = new Set(
    entries.filter((e) => isCounted(e.kind)).map((e) => Number(e.bookedOn.slice(0, 4))),
  );
  return [...years].sort((a, b) => b - a);
}
