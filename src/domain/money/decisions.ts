/**
 * The staff's decision after the second reminder (issue 25 item 5, ADR 1229): one closed set,
 * its German labels beside it. A write-off needs four eyes (a `staff_approvals` kind).
 */
export const dunningDecisions = ['instalments', 'collection', 'write_off'] as const;
export type DunningDecision = (typeof dunningDecisions)[number];

/**
 * Dunning pauses while the tenant disputes a debit or a claim is open (DECISIONS.md "Money").
 * Pure over facts; the server reads them.
 */
export interface DunningPauseFacts {
  disputeOpen: boolean;
  claimOpen: boolean;
}

export function dunningPaused(f: DunningPauseFacts): boolean {
  return f.disputeOpen || f.claimOpen;
}
