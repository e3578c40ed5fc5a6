// The tariff of DECISIONS.md as a pure function; all amounts are computed in whole cents.
import type { PaymentConditions } from '../model/schema';

export interface Tariff {
  /** Yearly premium in basis points of the deposit (420 = 4.2 %). */
  rateBasisPoints: number;
  /** Minimum yearly premium in cents. */
  minimumYearlyCents: number;
  /** rate_per_year_factor per payment frequency, in per mille (1020 = 1.02). */
  factorsPerMille: Record<PaymentConditions, number>;
}

export const defaultTariff: Tariff = {
  rateBasisPoints: 420,
  minimumYearlyCents: 4000,
  factorsPerMille: { 1: 1000, 2: 1020, 4: 1030, 12: 1050 },
};

export interface Rate {
  /** Amount per debit in euros (cents precision). */
  rate_per_payment: number;
  rate_per_year: number;
  i18n_noun: string;
  i18n_adverb: string;
  rate_per_year_factor: number;
}

/** Rates for every payment frequency, keyed by paymentConditions (1, 2, 4, 12). */
export type RatesResponse = Record<PaymentConditions, Rate>;

export const frequencyWords: Record<PaymentConditions, { noun: string; adverb: string }> = {
  1: { noun: 'Jahr', adverb: 'jährlich' },
  2: { noun: 'Halbjahr', adverb: 'halbjährlich' },
  4: { noun: 'Quartal', adverb: 'vierteljährlich' },
  12: { noun: 'Monat', adverb: 'monatlich' },
};

/** a / b for non-negative integers, rounded half up. */
const divHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** Yearly premium in cents: max(deposit x rate, minimum), rounded half up to cents. */
export function yearlyPremiumCents(deposit: number, tariff: Tariff = defaultTariff): number {
  const depositCents = Math.max(0, Math.round(deposit * 100));
  return Math.max(
    divHalfUp(depositCents * tariff.rateBasisPoints, 10_000),
    tariff.minimumYearlyCents,
  );
}

export function rates(deposit: number, tariff: Tariff = defaultTariff): RatesResponse {
  const yearly = yearlyPremiumCents(Number.isFinite(deposit) ? deposit : 0, tariff);
  const entry = (n: PaymentConditions): Rate => {
    const perYear = divHalfUp(yearly * tariff.factorsPerMille[n], 1000);
    return {
      rate_per_payment: divHalfUp(perYear, n) / 100,
      rate_per_year: perYear / 100,
      i18n_noun: frequencyWords[n].noun,
      i18n_adverb: frequencyWords[n].adverb,
      rate_per_year_factor: tariff.factorsPerMille[n] / 1000,
    };
  };
  return { 1: entry(1), 2: entry(2), 4: entry(4), 12: entry(12) };
}
