import { describe, expect, test } from 'vitest';
import { rates, yearlyPremiumCents, defaultTariff } from './rates';

describe('tariff (DECISIONS.md): max(deposit x 4.2 %, 40), factors, cents half up', () => {
  test.each([
    [400, 4000], // 16.80 -> minimum 40
    [952.38, 4000], // 39.99996 -> 40.00
    [952.39, 4000], // 40.00038 -> 40.00
    [1000, 4200],
    [1500, 6300],
    [2345.67, 9852], // 98.51814 -> 98.52
    [50_000, 210_000],
    [1011.9, 4250], // 42.4998 -> 42.50
  ])('deposit %s -> %s cents a year', (deposit, cents) => {
    expect(yearlyPremiumCents(deposit)).toBe(cents);
  });

  test('all four frequencies for 1,500', () => {
    expect(rates(1500)).toEqual({
      1: {
        rate_per_payment: 63,
        rate_per_year: 63,
        i18n_noun: 'Jahr',
        i18n_adverb: 'jährlich',
        rate_per_year_factor: 1,
      },
      2: {
        rate_per_payment: 32.13,
        rate_per_year: 64.26,
        i18n_noun: 'Halbjahr',
        i18n_adverb: 'halbjährlich',
        rate_per_year_factor: 1.02,
      },
      4: {
        rate_per_payment: 16.22,
        rate_per_year: 64.89,
        i18n_noun: 'Quartal',
        i18n_adverb: 'vierteljährlich',
        rate_per_year_factor: 1.03,
      },
      12: {
        rate_per_payment: 5.51,
        rate_per_year: 66.15,
        i18n_noun: 'Monat',
        i18n_adverb: 'monatlich',
        rate_per_year_factor: 1.05,
      },
    });
  });
  test('half up on the per-payment amount: 64.89 / 4 = 16.2225 -> 16.22; 66.15 / 12 = 5.5125 -> 5.51', () => {
    expect(rates(1500)[4].rate_per_payment).toBe(16.22);
  });
  test('exact half rounds up', () => {
    // 1250 -> 52.50 a year; semi-annual 53.55 -> 26.775 -> 26.78
    expect(rates(1250)[2].rate_per_payment).toBe(26.78);
  });
  test('minimum premium for tiny or invalid deposits', () => {
    expect(rates(0)[1].rate_per_year).toBe(40);
    expect(rates(Number.NaN)[1].rate_per_year).toBe(40);
  });
  test('configurable tariff', () => {
    expect(rates(1000, { ...defaultTariff, rateBasisPoints: 500 })[1].rate_per_year).toBe(50);
  });
});
