// Business constants and limits of spec §9 and DECISIONS.md, in one place.
export const depositMin = 400;
export const depositMax = 50_000;
export const depositMaxReconfigured = 9_000;
/** Deposit may not exceed this many monthly cold rents (§ 551 BGB). */
export const maxColdRentsForDeposit = 3;
/** Digital delivery only below this deposit. */
export const digitalDepositLimit = 7_000;
export const contractSignMaxDaysAhead = 30;
export const moveInMaxDaysAhead = 180;
/** Reconfigured mode: the move date may lie up to this many days in the past. */
export const moveInMaxDaysPastReconfigured = 14;
export const policyStartMaxDaysAhead = 60;
export const minimumAge = 18;
export const earliestBirthDate = '1900-01-01';
export const allowedIbanCountries = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
] as const;
export const savedDataRetentionDays = 30;
export const statusPollIntervalMs = 1000;
export const statusPollMax = 90;
export const lockReleaseMs = 500;
export const externalRedirectDelayMs = 400;
export const uceAutoAdvanceMs = 100;
export const chunkLoadTimeoutMs = 120_000;
export const chat = { loadDelayMs: 350, retryMs: 650, initDelayMs: 950, language: 'de' } as const;
export const mailForwardingPriceEur = 19.9;
