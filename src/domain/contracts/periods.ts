import { addDays } from '../dates';

/**
 * Withdrawal period (§ 8 VVG): 14 days from receiving the policy, the conditions, the consumer
 * information and the withdrawal instructions. Digital delivery: received the day they are
 * e-mailed (the day of acceptance). By post: we assume receipt three days after acceptance (the
 * period then runs longer, never shorter). The period begins the day after receipt (§ 187 BGB)
 * and ends at the end of its 14th day; that last day is the deadline returned.
 */
export function withdrawalDeadline(acceptedOn: string, digital: boolean): string {
  const receivedOn = digital ? acceptedOn : addDays(acceptedOn, 3);
  return addDays(receivedOn, 14);
}

/**
 * "Withdrawal possible" (what the contract page and the withdrawal function act on): the contract
 * is still in force (active, or cancelled but not yet released) and today (Berlin) is on or
 * before the deadline. After a release there is nothing left to withdraw from.
 */
export function withdrawalPossible(status: string, today: string, deadline: string): boolean {
  // A cancellation does not end the contract, so the right to withdraw stays (ADR 0925).
  return (status === 'active' || status === 'cancellation_requested') && today <= deadline;
}

/**
 * The first day without cover when a cancellation takes effect (ADR 0925): the tenant's
 * cancellation becomes effective on the day the landlord's release (or the original certificate)
 * arrives; premiums are owed up to and including that day and refunded from the day after.
 */
export function cancellationEndOn(arrivedOn: string): string {
  return addDays(arrivedOn, 1);
}

/**
 * Retention (ADR 0922): the contract file (contract data, documents, the audit history) is kept
 * until the end of the tenth calendar year after the year the contract ended (§ 147 AO, § 257
 * HGB: accounting records 10 years, counted from the end of the calendar year); letters six
 * years the same way.
 */
export function retainUntil(endedOn: string, years: 10 | 6 = 10): string {
  const year = Number(endedOn.slice(0, 4));
  return `${year + years}-12-31`;
}
