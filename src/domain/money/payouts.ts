/**
 * Claim payouts (issue 26 item 4, ADR 1256): the guarantor pays a decided claim item to the
 * landlord by SEPA credit transfer (pain.001 in the money batches). A payout above a configurable
 * amount waits for a second person's approval before it may go into a file; the file itself has
 * the bank files' four eyes (ADR 1222). Paid when the statement shows our end-to-end id or a
 * supervisor marks it. Pure: the states, the moves and the four-eyes rule.
 */

export const payoutStates = ['awaiting_approval', 'open', 'in_batch', 'sent', 'paid'] as const;
export type PayoutState = (typeof payoutStates)[number];

export type PayoutMove = 'approve' | 'batch' | 'discard_batch' | 'release' | 'confirm';

const payoutMoves = {
  awaiting_approval: { approve: 'open' },
  open: { batch: 'in_batch' },
  in_batch: { discard_batch: 'open', release: 'sent' },
  sent: { confirm: 'paid' },
  paid: {},
} as const satisfies Record<PayoutState, Partial<Record<PayoutMove, PayoutState>>>;

export function nextPayoutState(from: PayoutState, move: PayoutMove): PayoutState | undefined {
  const moves: Partial<Record<PayoutMove, PayoutState>> = payoutMoves[from];
  return moves[move];
}

/** Above the limit a second person approves; at or below it the payout goes straight to a file. */
export const needsSecondPerson = (amountCents: number, limitCents: number): boolean =>
  amountCents > limitCents;

/** The state a new payout starts in. */
export const firstPayoutState = (amountCents: number, limitCents: number): PayoutState =>
  needsSecondPerson(amountCents, limitCents) ? 'awaiting_approval' : 'open';

export type PayoutApprovalRefusal = 'not_awaiting' | 'own_request';

/** May `staffId` approve this payout? Never the person who asked for it (four eyes). */
export function payoutApprovalRefusal(
  p: { state: PayoutState; requestedBy: string },
  staffId: string,
): PayoutApprovalRefusal | undefined {
  if (p.state !== 'awaiting_approval') return 'not_awaiting';
  if (p.requestedBy === staffId) return 'own_request';
  return undefined;
}

/** "MK-2026-000042-F1-P2": the claim's reference and the item's position (≤ 35 characters). */
export const payoutEndToEndId = (claimReference: string, position: number): string =>
  `${claimReference}-P${position}`;
