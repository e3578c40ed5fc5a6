// How an item is decided (staff in the back office, or the system for an item the tenant
// accepted) and what lands in the contract's timeline (issue 26).
import type { ClaimAct, ClaimItemAct } from './states';

/**
 * `accepted_by_tenant`: the tenant accepted, the amount claimed stands (the system decides it);
 * `agreed_counter`: the tenant's lower proposal is taken; the rest are staff decisions with a
 * reason: in full, in part, or not at all.
 */
export const claimDecisions = [
  'accepted_by_tenant',
  'agreed_counter',
  'granted',
  'partly_granted',
  'rejected',
] as const;
export type ClaimDecision = (typeof claimDecisions)[number];

/** Timeline event types of claims: `claim_filed`, `claim_<act>`, `claim_item_<act>`. */
export type ClaimEventType = 'claim_filed' | `claim_${ClaimAct}` | `claim_item_${ClaimItemAct}`;
