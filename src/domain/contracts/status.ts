// The state of an accepted contract (after the processing states of the application). Pure rules.

export const contractStatuses = ['active', 'withdrawn', 'cancelled', 'released'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** Audit event types (one history per application; COMMON.md's shared contract). */
export const contractEventTypes = [
  'submitted',
  'accepted',
  'declined',
  'pending',
  'withdrawn',
  'cancelled',
  'released',
  'iban_changed',
  'address_changed',
  'withdrawal_received',
  'access_requested',
] as const;
export type ContractEventType = (typeof contractEventTypes)[number];

export const contractActors = ['tenant', 'landlord', 'staff', 'system', 'partner'] as const;
export type ContractActor = (typeof contractActors)[number];

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
