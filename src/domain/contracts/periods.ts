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
 * is still active and today (Berlin) is on or before the deadline. After a cancellation or a
 * release there is nothing left to withdraw from.
 */
export function withdrawalPossible(status: string, today: string, deadline: string): boolean {
  return status === 'active' && today <= deadline;
}

export type CancellationDateCheck =
  { ok: true; lastDay: string; endOn: string } | { ok: false; code: 'invalid' | 'past' | 'tooFar' };

/** How far ahead a cancellation date may be chosen. */
const cancellationMaxDaysAhead = 365;

/**
 * Cancellation (Kündigung) rules: there is no minimum term and no notice period (DECISIONS.md),
 * so the tenant chooses the last day of cover: today at the earliest, at most a year ahead. The
 * guarantee ends at the end of that day; premiums stop the day after (endOn).
 */
export function checkCancellationDate(
  lastDay: string | undefined,
  today: string,
): CancellationDateCheck {
  if (!lastDay || !/^\d{4}-\d{2}-\d{2}$/.test(lastDay)) return { ok: false, code: 'invalid' };
  const roundTrip = new Date(`${lastDay}T00:00:00Z`);
  if (Number.isNaN(roundTrip.getTime()) || roundTrip.toISOString().slice(0, 10) !== lastDay)
    return { ok: false, code: 'invalid' };
  if (lastDay < today) return { ok: false, code: 'past' };
  if (lastDay > addDays(today, cancellationMaxDaysAhead)) return { ok: false, code: 'tooFar' };
  return { ok: true, lastDay, endOn: addDays(lastDay, 1) };
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
