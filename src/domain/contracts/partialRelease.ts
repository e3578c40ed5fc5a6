import { proRataCents } from './premiums';
import { guaranteeInForce, type ContractStatus } from './status';

/**
 * Partial release (issue 26 item 5, ADR 1255): the landlord releases the guarantee except a named
 * amount kept for the utility-cost settlement. From that day the guarantee covers only that
 * amount (on top of what claims already hold), and the premium falls in proportion: the rate
 * times the retained amount over the guarantee's amount before the release. The remainder is
 * released or claimed later; there is one partial release per contract.
 */

export interface PartialReleaseInput {
  status: ContractStatus;
  /** What the guarantee still covers now (its amount less what claims hold), in cents. */
  remainingCents: number;
  /** The amount the landlord keeps, in cents (parsed from the form). */
  retainedCents: number | undefined;
  /** A partial release was already made (the remainder can only be released or claimed). */
  alreadyPartial: boolean;
}

export const partialReleaseProblems = [
  'not_in_force',
  'already_partial',
  'required',
  'not_positive',
  'not_below_remaining',
] as const;
export type PartialReleaseProblem = (typeof partialReleaseProblems)[number];

/** Why this partial release cannot be made, or undefined when it can. */
export function partialReleaseProblem(i: PartialReleaseInput): PartialReleaseProblem | undefined {
  if (!guaranteeInForce(i.status)) return 'not_in_force';
  if (i.alreadyPartial) return 'already_partial';
  if (i.retainedCents === undefined) return 'required';
  if (!Number.isSafeInteger(i.retainedCents) || i.retainedCents <= 0) return 'not_positive';
  // Keeping all of it is no release; a full release is the other button.
  if (i.retainedCents >= i.remainingCents) return 'not_below_remaining';
  return undefined;
}

/** The rate per payment from the partial release on, rounded half up to whole cents. */
export function reducedRateCents(
  ratePerPaymentCents: number,
  guaranteeCents: number,
  retainedCents: number,
): number {
  return proRataCents(ratePerPaymentCents, retainedCents, guaranteeCents);
}

/**
 * The guarantee's amount after a partial release: what claims already hold (paid or pending)
 * plus what the landlord keeps. Claims count against this amount from then on.
 */
export function guaranteeAfterPartialRelease(heldCents: number, retainedCents: number): number {
  return heldCents + retainedCents;
}
