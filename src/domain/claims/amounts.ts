// What a claim may ask and what the guarantor may pay (issue 26): the guarantee is a maximum
// amount (Höchstbetragsbürgschaft); every payout lowers what is left of it for good, a tenant's
// repayment does not raise it again. Integer cents throughout.
import type { ClaimItemState } from './states';

/** Utility costs while the settlement is pending: at most this many monthly prepayments (ADR 1241). */
const utilityCapMonths = 3;

export const utilityCapCents = (monthlyPrepaymentCents: number): number =>
  utilityCapMonths * monthlyPrepaymentCents;

/** The guarantee's amount in cents from the deposit in euros of the application. */
export const guaranteeCents = (depositEuros: number): number =>
  Math.max(0, Math.round(depositEuros * 100));

export interface ItemAmounts {
  state: ClaimItemState;
  claimedCents: number;
  decidedCents?: number | null;
  paidCents?: number | null;
}

/**
 * What an item holds of the guarantee: the amount paid once paid; the decided amount once
 * decided; before that the amount claimed (so two claims together never ask more than there is).
 * A closed item holds what was paid on it, if anything.
 */
function heldCents(i: ItemAmounts): number {
  switch (i.state) {
    case 'paid':
    case 'recovered':
    case 'closed':
      return i.paidCents ?? 0;
    case 'decided':
      return i.decidedCents ?? 0;
    case 'open':
    case 'accepted':
    case 'objected':
    case 'countered':
    case 'expired':
      return i.claimedCents;
  }
}

/** What is left of the guarantee for a new claim: its amount less everything claims hold. */
export function remainingCents(guarantee: number, items: readonly ItemAmounts[]): number {
  return Math.max(0, guarantee - items.reduce((s, i) => s + heldCents(i), 0));
}

export type DecisionProblem = 'not_whole_cents' | 'negative' | 'above_claimed' | 'above_guarantee';

/**
 * Whether staff may decide `decidedCents` for `item` (claimpay's back office): whole cents, not
 * below zero, never more than was claimed, and never more than the guarantee has left counting the
 * other items of every claim (`others`).
 */
export function decisionProblem(
  item: ItemAmounts,
  decidedCents: number,
  guarantee: number,
  others: readonly ItemAmounts[],
): DecisionProblem | undefined {
  if (!Number.isSafeInteger(decidedCents)) return 'not_whole_cents';
  if (decidedCents < 0) return 'negative';
  if (decidedCents > item.claimedCents) return 'above_claimed';
  if (decidedCents > remainingCents(guarantee, others)) return 'above_guarantee';
  return undefined;
}

/** "850,50", "1.234,56", "850" -> cents; anything else (or more than two decimals) undefined. */
export function parseEuroCents(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw * 100 : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim().replace(/\s|€/g, '');
  const m =
    /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(s) ?? /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return undefined;
  const euros = Number((m[1] ?? '').replace(/\./g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : undefined;
}
