import { addDays } from '../dates';
import { boundedMemo } from '../memo';

/**
 * The TARGET2 (T2) calendar the SEPA direct debit scheme runs on: every day is a business day
 * except Saturday, Sunday, New Year's Day, Good Friday, Easter Monday, 1 May, 25 and 26 December
 * (ECB closing days). Our own code, because German holiday libraries know regional holidays
 * (which do not close T2) and we need only these six.
 */

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The T2 closing days of a year that fall on weekdays or not (all six). */
export function target2Holidays(year: number): string[] {
  const easter = easterSunday(year);
  return [
    `${year}-01-01`,
    addDays(easter, -2),
    addDays(easter, 1),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
  ];
}

const holidayCache = new Map<number, Set<string>>();
function holidays(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(target2Holidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

export function isBusinessDay(iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(y).has(iso);
}

/**
 * Answers of the two functions below by day (and count), ADR 1470: the collection run asks for
 * the same few days once per contract (today + lead, each period's debit day), 100,000 times a
 * run, and each answer cost a walk of Date objects and ISO strings. Pure functions of their
 * arguments, so a remembered answer is the answer; emptied when it holds too many days.
 */
const onOrAfterMemo = boundedMemo<string>(4096);
const addBusinessMemo = boundedMemo<string>(4096);

/** `iso` itself when it is a business day, else the next one. */
export function onOrAfterBusinessDay(iso: string): string {
  return onOrAfterMemo(iso, () => {
    let day = iso;
    while (!isBusinessDay(day)) day = addDays(day, 1);
    return day;
  });
}

/** The n-th business day after `iso` (n >= 0; 0: `iso` itself if a business day, else the next). */
export function addBusinessDays(iso: string, n: number): string {
  return addBusinessMemo(`${iso}+${n}`, () => {
    let day = onOrAfterBusinessDay(iso);
    for (let left = n; left > 0; left--) day = onOrAfterBusinessDay(addDays(day, 1));
    return day;
  });
}

/** Business days from a to b: how many business days follow a up to and including b. */
export function businessDaysBetween(a: string, b: string): number {
  let n = 0;
  for (let day = addDays(a, 1); day <= b; day = addDays(day, 1)) if (isBusinessDay(day)) n++;
  return n;
}
