// The state of an accepted contract (after the processing states of the application). Pure rules.
import type { ClaimEventType } from '../claims/decisions';

/**
 * `cancellation_requested`: the tenant has cancelled, but the guarantee is still in force until
 * the landlord releases it or the original certificate comes back (DECISIONS.md, ADR 0925).
 */
export type ContractStatus =
  'active' | 'cancellation_requested' | 'withdrawn' | 'cancelled' | 'released';

/** Every contract status once (the compiler checks the list against the type). */
const contractStatusTable: Record<ContractStatus, true> = {
  active: true,
  cancellation_requested: true,
  withdrawn: true,
  cancelled: true,
  released: true,
};
export const contractStatuses = Object.keys(contractStatusTable) as [
  ContractStatus,
  ...ContractStatus[],
];

/** Audit event types (one history per application; COMMON.md's shared contract). */
export type ContractEventType =
  | 'submitted'
  | 'accepted'
  | 'declined'
  | 'pending'
  | 'withdrawn'
  | 'cancellation_requested'
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
  | 'reinstated'
  /** The landlord released all but a retained amount (issue 26 item 5, ADR 1255). */
  | 'partially_released'
  // Money (issue 25, ADRs 1228-1230): the dunning decision and disputes of a debit.
  | 'instalments_agreed'
  | 'handed_over_to_collection'
  | 'written_off'
  | 'payment_disputed'
  | 'payment_dispute_closed'
  // Claims (issue 26): every transition of a claim and of its items.
  | ClaimEventType;

/** `staff:{name}`: a staff member's action in the back office (issue 24, ADR 1201). */
export type ContractActor =
  'tenant' | 'landlord' | 'staff' | 'system' | 'partner' | `staff:${string}`;

/**
 * What can happen to a contract after the sale: the tenant withdraws (§ 8 VVG) or cancels; the
 * landlord releases the guarantee (online with the code or in writing); the original certificate
 * comes back to us.
 */
export type ContractAct = 'withdraw' | 'cancel' | 'release' | 'originalReturned';

/**
 * The transition table (ADR 0925). The guarantee never ends by the tenant's act alone: a
 * cancellation only marks the contract, and it takes effect (status `cancelled`) on the day the
 * landlord's release or the original certificate arrives. A release without a cancellation ends
 * the contract as `released`. A missing entry means the act is not possible in that state.
 */
const transitions: Record<ContractStatus, Partial<Record<ContractAct, ContractStatus>>> = {
  active: {
    withdraw: 'withdrawn',
    cancel: 'cancellation_requested',
    release: 'released',
    originalReturned: 'released',
  },
  cancellation_requested: {
    withdraw: 'withdrawn',
    release: 'cancelled',
    originalReturned: 'cancelled',
  },
  withdrawn: {},
  cancelled: {},
  released: {},
};

/** The status after `act`, or undefined when the act is not possible now. */
export function nextStatus(from: ContractStatus, act: ContractAct): ContractStatus | undefined {
  return transitions[from][act];
}

/** Whether the landlord still holds a valid guarantee (premiums run, changes are possible). */
export function guaranteeInForce(status: ContractStatus): boolean {
  return status === 'active' || status === 'cancellation_requested';
}

/**
 * The `state` the order-status call reports (spec §3's states, then the contract's end): an
 * accepted contract that was withdrawn, released or whose cancellation took effect reports that
 * status; while a cancellation waits for the landlord the guarantee stands, so it stays
 * `accepted` (the `contractStatus` beside it says `cancellation_requested`).
 */
export function reportedState(orderState: string, contract: ContractStatus | undefined): string {
  if (orderState !== 'accepted' || contract === undefined) return orderState;
  return guaranteeInForce(contract) ? 'accepted' : contract;
}
