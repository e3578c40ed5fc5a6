import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { easterSunday } from './money/target2';
import { isGermanWorkingDay } from './workingDays';

/** The nine holidays all German states share, as the back office counted them by hand before. */
function nationwide(year: number): string[] {
  const easter = easterSunday(year);
  return [
    `${year}-01-01`,
    addDays(easter, -2), // Karfreitag
    addDays(easter, 1), // Ostermontag
    `${year}-05-01`,
    addDays(easter, 39), // Christi Himmelfahrt
    addDays(easter, 50), // Pfingstmontag
    `${year}-10-03`,
    `${year}-12-25`,
    `${year}-12-26`,
  ].sort();
}

describe('German working days: one holiday source (feiertagejs, BUND)', () => {
  it.each([2024, 2025, 2026, 2027, 2028, 2030, 2035])(
    '%i: the weekdays off are exactly the nine nationwide holidays',
    (year) => {
      const off: string[] = [];
      for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) {
        const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
        if (weekday !== 0 && weekday !== 6 && !isGermanWorkingDay(day)) off.push(day);
      }
      const weekdayHolidays = nationwide(year).filter((d) => {
        const w = new Date(`${d}T12:00:00Z`).getUTCDay();
        return w !== 0 && w !== 6;
      });
      expect(off).toEqual(weekdayHolidays);
    },
  );

  it('weekends are never working days, regional holidays are', () => {
    expect(isGermanWorkingDay('2026-03-07')).toBe(false); // Saturday
    expect(isGermanWorkingDay('2026-06-04')).toBe(true); // Fronleichnam: regional only
  });
});
