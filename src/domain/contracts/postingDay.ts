import { addDays, berlinTime, todayInBerlin } from '../dates';
import { isGermanWorkingDay } from '../workingDays';

/** Letters handed in before this hour (Berlin) go out the same working day. */
const POSTING_CUTOFF_HOUR = 15;

/**
 * A working day for the post room: Monday to Friday and not a public holiday throughout Germany
 * (ADR 0927); a letter posted on a regional holiday is at worst a day early, never promised late.
 */
export const isPostingDay = isGermanWorkingDay;

/**
 * The day the certificate goes into the post (ISO date): today if it is a working day and the
 * decision came before 15:00 (Berlin), else the next working day.
 */
export function postingDay(now: Date): string {
  let day = todayInBerlin(now);
  if (Number(berlinTime(now).hour) >= POSTING_CUTOFF_HOUR) day = addDays(day, 1);
  while (!isPostingDay(day)) day = addDays(day, 1);
  return day;
}
