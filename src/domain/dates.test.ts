import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addDays,
  addYears,
  berlinTime,
  germanToIso,
  isoToGerman,
  normalizeGermanDate,
  todayInBerlin,
} from './dates';

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
    ['1.13.2026', undefined],
    ['2026-01-01', undefined],
    ['00.01.2026', undefined],
    ['', undefined],
  ])('%s -> %s', (de, iso) => {
    expect(germanToIso(de)).toBe(iso);
    if (iso) expect(isoToGerman(iso)).toBe(de.trim());
  });
  // Issue 11: what tenants type on a phone keypad, normalised to TT.MM.JJJJ (or refused).
  test.each([
    ['14.02.1988', '14.02.1988'],
    ['14021988', '14.02.1988'],
    ['1.2.1988', '01.02.1988'],
    ['01.2.1988', '01.02.1988'],
    ['1.02.1988', '01.02.1988'],
    ['14,02,1988', '14.02.1988'],
    [' 1.1.2026 ', '01.01.2026'],
    ['29022024', '29.02.2024'],
    ['29022025', undefined],
    ['1421988', undefined],
    ['140219888', undefined],
    ['14.02.88', undefined],
    ['14-02-1988', undefined],
    ['14.02.1988x', undefined],
    ['32.01.2026', undefined],
    ['', undefined],
  ])('normalise %j -> %s', (typed, canonical) => {
    expect(normalizeGermanDate(typed)).toBe(canonical);
    const iso = germanToIso(typed);
    expect(iso).toBe(
      canonical
        ? `${canonical.slice(6)}-${canonical.slice(3, 5)}-${canonical.slice(0, 2)}`
        : undefined,
    );
  });
  test('arithmetic', () => {
    expect(addDays('2026-03-15', 30)).toBe('2026-04-14');
    expect(addDays('2026-03-15', -15)).toBe('2026-02-28');
    expect(addYears('2008-02-29', 18)).toBe('2026-03-01');
  });
});

describe('berlinTime', () => {
  test.each([
    ['2026-03-02T09:05:07Z', ['2026', '03', '02', '10', '05', '07', 'Mon']],
    ['2026-12-31T23:00:00Z', ['2027', '01', '01', '00', '00', '00', 'Fri']], // 00, never 24
    ['2026-03-29T01:00:00Z', ['2026', '03', '29', '03', '00', '00', 'Sun']], // CEST begins
    ['2026-10-25T01:30:00Z', ['2026', '10', '25', '02', '30', '00', 'Sun']], // CET again
    ['2026-06-13T12:59:59Z', ['2026', '06', '13', '14', '59', '59', 'Sat']],
  ])('%s', (at, [year, month, day, hour, minute, second, weekday]) =>
    expect(berlinTime(new Date(at))).toEqual({ year, month, day, hour, minute, second, weekday }),
  );

  // The formatter's own parts, as berlinTime read them before it kept an offset per hour.
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const formatted = (at: Date) => {
    const parts = formatter.formatToParts(at);
    const get = (t: Intl.DateTimeFormatPartTypes) =>
      (parts.find((p) => p.type === t)?.value ?? '').padStart(2, '0');
    return {
      year: get('year'),
      month: get('month'),
      day: get('day'),
      hour: get('hour'),
      minute: get('minute'),
      second: get('second'),
      weekday: get('weekday'),
    };
  };

  test('answers what the formatter answers, for any moment (DST changes, local mean time)', () => {
    const moment = fc.oneof(
      fc.date({ min: new Date('1850-01-01Z'), max: new Date('2200-01-01Z'), noInvalidDate: true }),
      // Within a few hours of Berlin's clock changes in 2026 and of the end of local mean time.
      fc
        .constantFrom('2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '1893-03-31T23:06:32Z')
        .chain((at) =>
          fc
            .integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 })
            .map((d) => new Date(Date.parse(at) + d)),
        ),
    );
    fc.assert(
      fc.property(moment, (at) => {
        expect(berlinTime(at)).toEqual(formatted(at));
        expect(berlinTime(at)).toEqual(formatted(at)); // the second call from the kept offset
      }),
      { numRuns: 2000 },
    );
  });

  test('an invalid date is refused as by the formatter', () => {
    expect(() => berlinTime(new Date(NaN))).toThrow(RangeError);
  });
});
