// The tenant's answer period (issue 26, DECISIONS.md "Claims"): 14 days from the notification,
// reminders after 7 and 12 days. Calendar days in Europe/Berlin; the clock is passed in.
import { addDays, berlinTime, todayInBerlin } from '../dates';

const claimDeadlines = {
  /** Days the tenant has to answer each item, counted from the day after the notification. */
  answerDays: 14,
  /** Reminders go out this many days after the notification. */
  reminderDays: [7, 12],
} as const;

const DAY_MS = 86_400_000;

/** The moment Berlin's calendar day `iso` begins (00:00 CET or CEST). */
export function berlinDayStart(iso: string): Date {
  const utcMidnight = Date.parse(`${iso}T00:00:00Z`);
  // Berlin is UTC+1 or UTC+2: one of the two candidates shows 00:00 on that day in Berlin.
  for (const hours of [1, 2]) {
    const at = new Date(utcMidnight - hours * 3_600_000);
    const t = berlinTime(at);
    if (`${t.year}-${t.month}-${t.day}` === iso && t.hour === '00') return at;
  }
  throw new RangeError(`no Berlin midnight for ${iso}`);
}

export interface AnswerPeriod {
  /** The last day the tenant may answer ('YYYY-MM-DD', Berlin). */
  dueOn: string;
  /** The first moment after the period: the expiry job runs then. */
  endsAt: Date;
  /** When the reminders are due (7 and 12 days after the notification). */
  remindAt: [Date, Date];
}

/**
 * The period of a claim notified at `notifiedAt`: through the end of the 14th day after the
 * notification's day (like § 187 (1), § 188 (1) BGB: the day of the event does not count).
 */
export function answerPeriod(notifiedAt: Date): AnswerPeriod {
  const dueOn = addDays(todayInBerlin(notifiedAt), claimDeadlines.answerDays);
  const [first, second] = claimDeadlines.reminderDays;
  return {
    dueOn,
    endsAt: berlinDayStart(addDays(dueOn, 1)),
    remindAt: [
      new Date(notifiedAt.getTime() + first * DAY_MS),
      new Date(notifiedAt.getTime() + second * DAY_MS),
    ],
  };
}

/** Whether the tenant may still answer at `now`. */
export const mayAnswer = (notifiedAt: Date, now: Date): boolean =>
  now.getTime() < answerPeriod(notifiedAt).endsAt.getTime();

/** Whether the period has ended at `now` (the expiry job may expire open items). */
export const answerPeriodOver = (notifiedAt: Date, now: Date): boolean =>
  !mayAnswer(notifiedAt, now);

/**
 * The countdown: whole days after today until the last day (14 on the notification day, 0 on the
 * last day itself); undefined once the period is over.
 */
export function answerDaysLeft(notifiedAt: Date, now: Date): number | undefined {
  if (!mayAnswer(notifiedAt, now)) return undefined;
  const { dueOn } = answerPeriod(notifiedAt);
  const today = todayInBerlin(now);
  return Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The delayed jobs of a claim (queue `claimDeadline`), each due at a point of the period. */
export const claimJobDue = {
  reminder_1: (p: AnswerPeriod) => p.remindAt[0],
  reminder_2: (p: AnswerPeriod) => p.remindAt[1],
  answer_expiry: (p: AnswerPeriod) => p.endsAt,
} as const satisfies Record<string, (p: AnswerPeriod) => Date>;
export type ClaimJobName = keyof typeof claimJobDue;
export const isClaimJobName = (v: unknown): v is ClaimJobName =>
  typeof v === 'string' && Object.hasOwn(claimJobDue, v);
