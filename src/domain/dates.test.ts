import { describe, expect, test } from 'vitest';
import { addDays, addYears, germanToIso, isoToGerman, todayInBerlin } from './dates';

describe('todayInBerlin', () => {
  test.each([
    ['2026-03-15T10:00:00Z', '2026-03-15'],
    ['2026-12-31T22:59:59Z', '2026-12-31'], // 23:59:59 CET
    ['2026-12-31T23:00:00Z', '2027-01-01'], // midnight in Berlin, still 2026 in UTC
    ['2026-06-30T21:59:00Z', '2026-06-30'], // 23:59 CEST
    ['2026-06-30T22:00:00Z', '2026-07-01'],
  ])('%s -> %s', (now, day) => expect(todayInBerlin(new Date(now))).toBe(day));
});

describe('German dates', () => {
  test.each([
    ['01.01.1900', '1900-01-01'],
    ['29.02.2024', '2024-02-29'],
    [' 15.03.2026 ', '2026-03-15'],
    ['29.02.2025', undefined],
    ['31.04.2026', undefined],
    ['1.1.2026', undefined],
    ['2026-01-01', undefined],
    ['00.01.2026', undefined],
    ['', undefined],
  ])('%s -> %s', (de, iso) => {
    expect(germanToIso(de)).toBe(iso);
    if (iso) expect(isoToGerman(iso)).toBe(de.trim());
  });
  test('arithmetic', () => {
    expect(addDays('2026-03-15', 30)).toBe('2026-04-14');
    expect(addDays('2026-03-15', -15)).toBe('2026-02-28');
    expect(addYears('2008-02-29', 18)).toBe('2026-03-01');
  });
});
