import { describe, expect, test } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatEuro, formatIsoDate } from './format';

// The exact strings the UI, the e-mails and the PDFs show (tests and e2e compare them byte by byte).
describe('formatEuro', () => {
  test.each([
    [0, '0,00 €'],
    [5.51, '5,51 €'],
    [400, '400,00 €'],
    [1234.5, '1.234,50 €'], // grouping from four digits on
    [6999.99, '6.999,99 €'],
    [50000, '50.000,00 €'],
    [1234567.891, '1.234.567,89 €'],
    [0.125, '0,13 €'], // half away from zero at the cent
    [0.005, '0,01 €'],
    [2.675, '2,68 €'], // the decimal the number prints as, not its binary neighbour
    [0.0049, '0,00 €'],
    [-12.5, '-12,50 €'],
    [-0.125, '-0,13 €'],
  ])('%s -> %s', (amount, text) => expect(formatEuro(amount)).toBe(text));

  test('a plain space before the sign, never a no-break space', () => {
    expect(formatEuro(19.9)).toBe('19,90\u0020€');
    expect(formatEuro(19.9)).not.toContain('\u00a0');
  });

  test('no number shows as NaN rather than a made-up amount', () => {
    expect(formatEuro(Number.NaN)).toBe('NaN €');
  });
});

describe('formatCents', () => {
  test.each([
    [0, '0,00 €'],
    [1, '0,01 €'],
    [1990, '19,90 €'],
    [123450, '1.234,50 €'],
    [-551, '-5,51 €'],
  ])('%s ct -> %s', (cents, text) => expect(formatCents(cents)).toBe(text));
});

describe('formatDate (the Berlin calendar day of a moment)', () => {
  test.each([
    ['2026-03-02T10:00:05Z', '02.03.2026'],
    ['2026-12-31T22:59:59Z', '31.12.2026'], // 23:59:59 CET
    ['2026-12-31T23:00:00Z', '01.01.2027'], // midnight in Berlin, still 2026 in UTC
    ['2026-03-28T22:59:59Z', '28.03.2026'], // last second before the spring change's day
    ['2026-03-28T23:00:00Z', '29.03.2026'], // CET midnight on the day clocks go forward
    ['2026-03-29T21:59:59Z', '29.03.2026'], // 23:59:59 CEST
    ['2026-03-29T22:00:00Z', '30.03.2026'],
    ['2026-10-24T21:59:59Z', '24.10.2026'],
    ['2026-10-24T22:00:00Z', '25.10.2026'], // CEST midnight on the day clocks go back
    ['2026-10-25T22:59:59Z', '25.10.2026'],
    ['2026-10-25T23:00:00Z', '26.10.2026'],
    ['2024-02-29T12:00:00Z', '29.02.2024'],
  ])('%s -> %s', (at, text) => expect(formatDate(new Date(at))).toBe(text));
});

describe('formatDateTime (a moment on the Berlin clock)', () => {
  test.each([
    ['2026-03-02T09:00:05Z', '02.03.2026 um 10:00:05 Uhr'],
    ['2026-12-31T23:00:00Z', '01.01.2027 um 00:00:00 Uhr'], // 00, never 24
    ['2026-03-29T00:59:59Z', '29.03.2026 um 01:59:59 Uhr'], // CET
    ['2026-03-29T01:00:00Z', '29.03.2026 um 03:00:00 Uhr'], // CEST: 02:xx does not exist
    ['2026-10-25T00:30:00Z', '25.10.2026 um 02:30:00 Uhr'], // first 02:30 (CEST)
    ['2026-10-25T01:30:00Z', '25.10.2026 um 02:30:00 Uhr'], // second 02:30 (CET)
    ['2026-07-01T07:08:09Z', '01.07.2026 um 09:08:09 Uhr'],
  ])('%s -> %s', (at, text) => expect(formatDateTime(new Date(at))).toBe(text));
});

describe('formatIsoDate (a stored calendar day)', () => {
  test.each([
    ['2026-03-02', '02.03.2026'],
    ['2024-02-29', '29.02.2024'],
    ['1999-12-31', '31.12.1999'],
    // Not a calendar day: shown as stored rather than reversed into nonsense.
    ['2026-02-30', '2026-02-30'],
    ['', ''],
  ])('%s -> %s', (iso, text) => expect(formatIsoDate(iso)).toBe(text));
});
