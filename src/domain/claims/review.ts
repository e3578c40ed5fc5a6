// Staff review of a claim item (issue 26 item 4, ADR 1257): a decision with a reason. Pure: reads
// the back office's form into a decision the store can apply, or the field errors.
import { parseEuroCents } from './amounts';
import type { ClaimDecision } from './decisions';
import { awaitsDecision, type ClaimItemState } from './states';

/** What staff may decide; the tenant's acceptance and an agreed counter-offer are the system's. */
export const staffDecisions = ['granted', 'partly_granted', 'rejected'] as const;
export type StaffDecision = (typeof staffDecisions)[number] & ClaimDecision;

export const reviewErrorCodes = [
  'decision_required',
  'amount_required',
  'amount_invalid',
  'amount_not_partial',
  'reason_required',
  'reason_too_long',
  'not_awaiting_decision',
] as const;
export type ReviewErrorCode = (typeof reviewErrorCodes)[number];

const REVIEW_REASON_MAX = 2000;
/** The longest settlement proposal staff send to both parties (characters, after trimming). */
export const PROPOSAL_MAX = 4000;

export type ReviewRead =
  | { decision: StaffDecision; decidedCents: number; reason: string; errors?: undefined }
  | { errors: Partial<Record<'decision' | 'amount' | 'reason' | 'item', ReviewErrorCode>> };

export function readReviewDecision(
  item: { state: ClaimItemState; claimedCents: number },
  body: { decision?: unknown; amount?: unknown; reason?: unknown },
): ReviewRead {
  if (!awaitsDecision(item.state)) return { errors: { item: 'not_awaiting_decision' } };
  const errors: Partial<Record<'decision' | 'amount' | 'reason', ReviewErrorCode>> = {};
  const decision = (staffDecisions as readonly unknown[]).includes(body.decision)
    ? (body.decision as StaffDecision)
    : undefined;
  if (!decision) errors.decision = 'decision_required';
  let cents = 0;
  if (decision === 'granted') cents = item.claimedCents;
  if (decision === 'partly_granted') {
    const raw = typeof body.amount === 'string' ? body.amount.trim() : '';
    const parsed = raw ? parseEuroCents(raw) : undefined;
    if (!raw) errors.amount = 'amount_required';
    else if (parsed === undefined) errors.amount = 'amount_invalid';
    else if (parsed <= 0 || parsed >= item.claimedCents) errors.amount = 'amount_not_partial';
    else cents = parsed;
  }
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) errors.reason = 'reason_required';
  else if (reason.length > REVIEW_REASON_MAX) errors.reason = 'reason_too_long';
  if (Object.keys(errors).length > 0 || !decision) return { errors };
  return { decision, decidedCents: cents, reason };
}
