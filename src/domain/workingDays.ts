import { isHoliday } from 'feiertagejs';
import { boundedMemo } from './memo';

/**
 * Answers by calendar day, computed once: feiertagejs works out the whole year's holidays on every
 * call (Easter and the days that follow it, formatted in Berlin time), about 3 ms, and every
 * acceptance e-mail asks for its posting day (ADR 1355). A day's answer never changes; the map
 * holds one entry per day asked (a few hundred a year), and is emptied should it ever grow large.
 */
const known = boundedMemo<boolean>(5_000);

/**
 * A German working day: Monday to Friday and not a public holiday throughout Germany
 * (feiertagejs, region BUND; ADR 0927). The one source of "German public holidays": the post
 * room's posting day and the back office's letter deadline count with it. Regional holidays are
 * not skipped (we do not know the operator's state). TARGET2 days are another calendar
 * (money/target2.ts).
 */
export function isGermanWorkingDay(iso: string): boolean {
  return known(iso, () => {
    const noon = new Date(`${iso}T12:00:00Z`); // the same calendar day in Berlin
    const weekday = noon.getUTCDay();
    return weekday !== 0 && weekday !== 6 && !isHoliday(noon, 'BUND');
  });
}
