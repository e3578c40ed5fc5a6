// The kinds of claim item a landlord may file (issue 26). One closed table: the web form, the
// validation, the e-mails and the back office all read it.

export const claimItemKinds = ['rent_arrears', 'utility_costs', 'damage'] as const;
export type ClaimItemKind = (typeof claimItemKinds)[number];

export const isClaimItemKind = (v: unknown): v is ClaimItemKind =>
  typeof v === 'string' && (claimItemKinds as readonly string[]).includes(v);

/** One month of unpaid rent: the month ('YYYY-MM') and what is owed for it. */
export interface ArrearsMonth {
  month: string;
  amountCents: number;
}

/** What each kind records besides its amount (stored as JSON with the item). */
export interface ClaimItemDetails {
  rent_arrears: { months: ArrearsMonth[] };
  /**
   * Utility costs still to be settled. While the settlement is pending the amount is capped at
   * three monthly prepayments (ADR 1241); a settlement already sent is claimed as it stands.
   */
  utility_costs: { period: string; monthlyPrepaymentCents: number; settlementPending: boolean };
  /** Damage beyond normal wear: described, and only with the handover protocol (ADR 1240). */
  damage: { description: string; handoverProtocol: true };
}

/** A claim item as filed: its kind, the amount claimed and the kind's details. */
export type FiledClaimItem = {
  [K in ClaimItemKind]: { kind: K; claimedCents: number; details: ClaimItemDetails[K] };
}[ClaimItemKind];
