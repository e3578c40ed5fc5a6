/**
 * The premium ledger of one contract (issue 25): append-only entries in integer cents. Every
 * figure the tenant, the e-mails or the bank files show is computed from these entries; nothing
 * is stored as a balance.
 *
 * Every amount is a positive whole number of cents except a correction, whose sign says which
 * way it goes. Its effect on the balance (what the tenant owes us; negative: what we owe the
 * tenant) is one table.
 */

export const ledgerKinds = [
  'premium_due',
  'collected',
  'returned',
  'fee',
  'refund_due',
  'refund_paid',
  'write_off',
  'correction',
  /** A claim item the guarantor paid to the landlord: the tenant owes it (recourse, ADR 1257). */
  'claim_payout',
  /**
   * The part of the tenant's payments (already booked as `collected`) that repaid claim payouts
   * (settleRecourse, ADR 1280): an earmark like refund_due, so the money is not counted twice.
   */
  'claim_repaid',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * +1: the tenant owes more; -1: the tenant owes less. A refund_due moves nothing (the credit was
 * already there); it earmarks part of the credit for a transfer, which refund_paid then pays out.
 * A claim_repaid moves nothing either: the payment it names is already `collected`.
 */
export const balanceEffect = {
  premium_due: 1,
  collected: -1,
  returned: 1,
  fee: 1,
  refund_due: 0,
  refund_paid: 1,
  write_off: -1,
  correction: 1,
  claim_payout: 1,
  claim_repaid: 0,
} as const satisfies Record<LedgerKind, -1 | 0 | 1>;

export interface LedgerEntry {
  kind: LedgerKind;
  /** Whole cents; positive except for a correction (its sign is the direction). */
  amountCents: number;
  /** The premium period (its first day) the entry belongs to, where it belongs to one. */
  period?: string | undefined;
}

/** Refuses what the ledger may never hold: fractions of a cent, negative amounts, zero. */
export function checkEntry(e: LedgerEntry): void {
  if (!Number.isSafeInteger(e.amountCents))
    throw new RangeError(`${e.kind}: ${e.amountCents} is not a whole number of cents`);
  if (e.kind === 'correction' ? e.amountCents === 0 : e.amountCents <= 0)
    throw new RangeError(`${e.kind}: amount must be positive, not ${e.amountCents}`);
}

const sum = (entries: readonly LedgerEntry[], kind: LedgerKind) =>
  entries.reduce((s, e) => (e.kind === kind ? s + e.amountCents : s), 0);

/** The balance: what the tenant owes (positive) or is owed (negative). */
export function balanceOf(entries: readonly LedgerEntry[]): number {
  return entries.reduce((s, e) => s + balanceEffect[e.kind] * e.amountCents, 0);
}

export interface LedgerSummary {
  /** Premiums charged: dues and corrections. */
  premiumCents: number;
  feeCents: number;
  /** Collected minus returned: money that really arrived. */
  collectedCents: number;
  refundDueCents: number;
  refundPaidCents: number;
  writtenOffCents: number;
  /** balanceOf(entries). */
  balanceCents: number;
  /** What the tenant still owes (0 when in credit). */
  openCents: number;
  /** Refunds promised and not yet paid. */
  refundOpenCents: number;
  /** Credit not yet earmarked for a refund (e.g. collected before a settlement is booked). */
  creditCents: number;
  /**
   * Claim payouts the tenant owes back (recourse) and has not repaid yet: never more than the
   * open amount, so a payment settles the premiums first and then the recourse (ADR 1280).
   */
  claimOpenCents: number;
}

export function summaryOf(entries: readonly LedgerEntry[]): LedgerSummary {
  const balance = balanceOf(entries);
  const claimPaid = sum(entries, 'claim_payout');
  const refundDue = sum(entries, 'refund_due');
  const refundPaid = sum(entries, 'refund_paid');
  const refundOpen = refundDue - refundPaid;
  return {
    premiumCents: sum(entries, 'premium_due') + sum(entries, 'correction'),
    feeCents: sum(entries, 'fee'),
    collectedCents: sum(entries, 'collected') - sum(entries, 'returned'),
    refundDueCents: refundDue,
    refundPaidCents: refundPaid,
    writtenOffCents: sum(entries, 'write_off'),
    balanceCents: balance,
    openCents: Math.max(0, balance),
    refundOpenCents: refundOpen,
    creditCents: Math.max(0, -balance - refundOpen),
    claimOpenCents: Math.min(
      Math.max(0, balance),
      Math.max(0, claimPaid - sum(entries, 'claim_repaid')),
    ),
  };
}

/**
 * Per premium period: charged (dues and corrections of that period) minus collected plus
 * returned, minus what was written off for it. A positive figure is what a debit for that
 * period still has to collect.
 */
export function openByPeriod(entries: readonly LedgerEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    if (!e.period) continue;
    if (!['premium_due', 'correction', 'collected', 'returned', 'write_off'].includes(e.kind))
      continue;
    out.set(e.period, (out.get(e.period) ?? 0) + balanceEffect[e.kind] * e.amountCents);
  }
  return out;
}
