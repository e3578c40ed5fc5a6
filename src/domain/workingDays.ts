import { isHoliday } from 'feiertagejs';

/**
 * A German working day: Monday to Friday and not a public holiday throughout Germany
 * (feiertagejs, region BUND; ADR 0927). The one source of "German public holidays": the post
 * room's posting day and the back office's letter deadline count with it. Regional holidays are
 * not skipped (we do not know the operator's state). TARGET2 days are another calendar
 * (money/target2.ts).
 */
export function isGermanWorkingDay(iso: string): boolean {
  const noon = new Date(`${iso}T12:00:00Z`); // the same calendar day in Berlin
  const weekday = noon.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(noon, 'BUND');
}
