import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import {
  addBusinessDays,
  businessDaysBetween,
  easterSunday,
  isBusinessDay,
  onOrAfterBusinessDay,
  target2Holidays,
} from './target2';

describe('Easter Sunday', () => {
  // Published dates (e.g. the PTB's list and the ECB's T2 calendars), across two centuries.
  test.each([
    [1900, '1900-04-15'],
    [1943, '1943-04-25'], // the latest possible
    [1961, '1961-04-02'],
    [1981, '1981-04-19'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
    [2049, '2049-04-18'],
    [2057, '2057-04-22'],
    [2069, '2069-04-14'],
    [2076, '2076-04-19'],
    [2285, '2285-03-22'], // the earliest possible
    [2100, '2100-03-28'],
  ])('%i: %s', (year, want) => expect(easterSunday(year)).toBe(want));

  test('always a Sunday between 22 March and 25 April, 1900-2199', () => {
    for (let y = 1900; y < 2200; y++) {
      const e = easterSunday(y);
      expect(new Date(`${e}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(e.slice(5) >= '03-22' && e.slice(5) <= '04-25').toBe(true);
    }
  });
});

describe('TARGET2 business days', () => {
  test('2026 closing days', () =>
    expect(target2Holidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
    ]));
  test.each([
    ['2026-03-02', true], // Monday
    ['2026-03-07', false], // Saturday
    ['2026-03-08', false], // Sunday
    ['2026-04-03', false], // Good Friday
    ['2026-04-06', false], // Easter Monday
    ['2026-05-14', true], // Ascension: a German holiday, not a T2 one
    ['2026-10-03', false], // German Unity Day is a Saturday in 2026
    ['2027-10-04', true],
    ['2026-12-24', true], // Christmas Eve: T2 is open
    ['2026-12-31', true],
    ['2027-01-01', false],
  ])('%s: %s', (day, want) => expect(isBusinessDay(day)).toBe(want));
  test.each([
    ['2026-04-02', 1, '2026-04-07'], // Thursday before Easter + 1 → Tuesday after
    ['2026-04-02', 0, '2026-04-02'],
    ['2026-04-03', 0, '2026-04-07'],
    ['2026-12-23', 2, '2026-12-28'],
    ['2026-12-24', 1, '2026-12-28'],
    ['2026-03-06', 2, '2026-03-10'], // Friday + 2 → Tuesday
    ['2026-04-30', 1, '2026-05-04'],
  ])('%s + %i business days = %s', (day, n, want) => expect(addBusinessDays(day, n)).toBe(want));

  const day = fc.integer({ min: 0, max: 365 * 80 }).map((n) => addDays('1990-01-01', n));
  test('adding n business days lands on a business day n business days later (80 years)', () =>
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 30 }), (d, n) => {
        const r = addBusinessDays(d, n);
        expect(isBusinessDay(r)).toBe(true);
        expect(businessDaysBetween(onOrAfterBusinessDay(d), r)).toBe(n);
      }),
      { numRuns: 1000 },
    ));
  test('every year 1990-2100 has 254-260 business days (260-262 weekdays less 2-6 closing days)', () => {
    for (let y = 1990; y <= 2100; y++) {
      const n = businessDaysBetween(`${y - 1}-12-31`, `${y}-12-31`);
      expect(n).toBeGreaterThanOrEqual(254);
      expect(n).toBeLessThanOrEqual(260);
    }
    // 2026: 261 weekdays; 1 Jan, Good Friday, Easter Monday, 1 May, 25 Dec on weekdays
    expect(businessDaysBetween('2025-12-31', '2026-12-31')).toBe(256);
  });
});
