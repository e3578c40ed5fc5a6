import { isHoliday } from 'feiertagejs';
import { addDays, berlinTime, todayInBerlin } from '../dates';

/** Letters handed in before this hour (Berlin) go out the same working day. */
const POSTING_CUTOFF_HOUR = 15;

/**
 * A working day for the post room: Monday to Friday and not a public holiday throughout Germany
 * (feiertagejs, region BUND; ADR 0927). Regional holidays are not skipped: we do not know the
 * operator's state, and a letter posted on one is at worst a day early, never promised late.
 */
export function isPostingDay(iso: string): boolean {
  const noon = new Date(`${iso}T12:00:00Z`); // the same calendar day in Berlin
  const weekday = noon.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(noon, 'BUND');
}

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
