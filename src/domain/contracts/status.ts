// The state of an accepted contract (after the processing states of the application). Pure rules.

export type ContractStatus = 'active' | 'withdrawn' | 'cancelled' | 'released';

/** Audit event types (one history per application; COMMON.md's shared contract). */
export type ContractEventType =
  | 'submitted'
  | 'accepted'
  | 'declined'
  | 'pending'
  | 'withdrawn'
  | 'cancelled'
  | 'released'
  | 'iban_changed'
  | 'address_changed'
  | 'withdrawal_received'
  | 'access_requested'
  /** A withdrawal statement made with number and address, awaiting the tenant's confirmation. */
  | 'withdrawal_declared'
  // Back office (issue 24): a declined application reopened for human review, a release undone.
  | 'review_reopened'
  | 'reinstated';

/** `staff:{name}`: a staff member's action in the back office (issue 24, ADR 1201). */
export type ContractActor =
  'tenant' | 'landlord' | 'staff' | 'system' | 'partner' | `staff:${string}`;

/**
 * Which status may follow which. Only an active contract ends, and it ends once: a withdrawn,
 * cancelled or released guarantee cannot be ended again. A cancellation with a future date may
 * still be overtaken by the landlord's release (the guarantee then ends earlier).
 */
export function canMove(from: ContractStatus, to: ContractStatus, endsInFuture = false): boolean {
  if (from === 'active') return to !== 'active';
  if (from === 'cancelled' && endsInFuture) return to === 'released';
  return false;
}
