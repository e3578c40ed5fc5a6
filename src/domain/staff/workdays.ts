// Working days for the back office's deadlines (a letter not posted within 2 working days is
// flagged): Monday to Friday without the public holidays all German states share (the one
// holiday source, ../workingDays.ts). Pure.

import { isGermanWorkingDay } from '../workingDays';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Working days after `from` up to and including `to` (both Berlin calendar days). */
function workingDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let t = new Date(`${from}T00:00:00Z`).getTime() + 86_400_000; ; t += 86_400_000) {
    const day = iso(new Date(t));
    if (day > to) return n;
    if (isGermanWorkingDay(day)) n++;
  }
}

/** A letter created on `createdOn` and not posted by `today` is late after 2 working days. */
export const letterOverdue = (createdOn: string, today: string): boolean =>
  workingDaysBetween(createdOn, today) > 2;
