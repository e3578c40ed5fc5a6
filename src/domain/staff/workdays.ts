// Working days for the back office's deadlines (a letter not posted within 2 working days is
// flagged): Monday to Friday without the public holidays all German states share. Pure.

import { easterSunday } from '../money/target2';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The nationwide public holidays of a year (Neujahr … 2. Weihnachtstag). */
function nationwideHolidays(year: number): Set<string> {
  const easter = new Date(`${easterSunday(year)}T00:00:00Z`);
  const fromEaster = (days: number) => iso(new Date(easter.getTime() + days * 86_400_000));
  return new Set([
    `${year}-01-01`,
    fromEaster(-2), // Karfreitag
    fromEaster(1), // Ostermontag
    `${year}-05-01`,
    fromEaster(39), // Christi Himmelfahrt
    fromEaster(50), // Pfingstmontag
    `${year}-10-03`,
    `${year}-12-25`,
    `${year}-12-26`,
  ]);
}

function isWorkingDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = d.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationwideHolidays(d.getUTCFullYear()).has(day);
}

/** Working days after `from` up to and including `to` (both Berlin calendar days). */
function workingDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let t = new Date(`${from}T00:00:00Z`).getTime() + 86_400_000; ; t += 86_400_000) {
    const day = iso(new Date(t));
    if (day > to) return n;
    if (isWorkingDay(day)) n++;
  }
}

/** A letter created on `createdOn` and not posted by `today` is late after 2 working days. */
export const letterOverdue = (createdOn: string, today: string): boolean =>
  workingDaysBetween(createdOn, today) > 2;
