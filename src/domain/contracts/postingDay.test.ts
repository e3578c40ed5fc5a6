import { describe, expect, test } from 'vitest';
import { isPostingDay, postingDay } from './postingDay';

describe('posting day: working days before 15:00 Berlin, no weekends, no German public holidays', () => {
  test.each([
    ['2026-03-02T10:00:00Z', '2026-03-02', 'Monday 11:00'],
    ['2026-03-02T14:30:00Z', '2026-03-03', 'Monday 15:30 -> Tuesday'],
    ['2026-03-06T14:00:00Z', '2026-03-09', 'Friday 15:00 -> Monday'],
    ['2026-03-07T09:00:00Z', '2026-03-09', 'Saturday -> Monday'],
    ['2026-04-02T14:00:00Z', '2026-04-07', 'Thursday 16:00 before Easter -> Tuesday'],
    ['2026-04-03T08:00:00Z', '2026-04-07', 'Good Friday'],
    ['2026-05-01T08:00:00Z', '2026-05-04', 'Labour Day (Friday)'],
    ['2026-05-13T14:00:00Z', '2026-05-15', 'day before Ascension, afternoon'],
    ['2026-05-25T08:00:00Z', '2026-05-26', 'Whit Monday'],
    ['2026-10-02T14:30:00Z', '2026-10-05', 'before German Unity Day'],
    ['2026-12-24T10:00:00Z', '2026-12-24', 'Christmas Eve morning (a working day)'],
    ['2026-12-24T15:30:00Z', '2026-12-28', 'Christmas Eve afternoon -> after Boxing Day'],
    ['2026-12-31T15:00:00Z', '2027-01-04', "New Year's Eve afternoon -> Monday"],
    ['2026-03-29T12:00:00Z', '2026-03-30', 'DST Sunday'],
  ])('%s -> %s (%s)', (at, want) => expect(postingDay(new Date(at))).toBe(want));

  test.each([
    ['2026-06-04', true, 'Corpus Christi is regional only'],
    ['2026-03-08', false, 'Sunday (Women’s Day is regional)'],
    ['2026-10-03', false, 'German Unity Day'],
    ['2026-12-25', false, 'Christmas Day'],
    ['2026-12-23', true, 'Wednesday'],
  ])('%s posting day: %s (%s)', (iso, want) => expect(isPostingDay(iso)).toBe(want));
});
