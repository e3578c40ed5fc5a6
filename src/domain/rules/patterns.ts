// The form of single values, once (issue 29): the wizard's rules (baseRules.ts), the after-sale
// pages, the back office and the server test a value against these and nothing else. The
// German message of a failing value stays with its page (messages/), the pattern lives here.

/** Postleitzahl: five digits (the registry's max length and the input's digits). */
export const postcodeLength = 5;
export const postcodePattern = new RegExp(`^\\d{${postcodeLength}}$`);
/** "12", "12a", "12 - 14", "3/5b". */
export const houseNumberPattern = /^\d{1,5}\s?[a-zA-Z]?(\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?$/;
/** Something@domain.tld with a top-level domain of two or more letters. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** International (+49…) or national (0…) digits. */
export const phonePattern = /^(?:\+[1-9]\d{5,20}|0\d{5,20})$/;
/** Kontonummer: up to ten digits. */
export const accountNumberPattern = /^\d{1,10}$/;
/**
 * A row id as the database makes it (gen_random_uuid(), lower case): ids in staff URLs. Checked
 * before a query, so a malformed id answers 404 like an unknown one, not a database error.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Bankleitzahl: eight digits (the input takes no more). */
export const bankCodeLength = 8;
export const bankCodePattern = new RegExp(`^\\d{${bankCodeLength}}$`);

/**
 * The human-readable numbers, by kind (server/processing/numbers.ts draws them): MK-2026-000042
 * for a contract, MR-2026-000007 for a reservation; a partner sandbox's carry TEST- (ADR 0712).
 */
export const businessNumberPrefixes = { contract: 'MK', reservation: 'MR' } as const;
export type BusinessNumberKind = keyof typeof businessNumberPrefixes;

const numberPattern = (kind: BusinessNumberKind) =>
  new RegExp(`^(TEST-)?${businessNumberPrefixes[kind]}-\\d{4}-\\d{6}$`);
/** Upper case: callers upper-case what people type first. */
export const contractNumberPattern = numberPattern('contract');
export const reservationNumberPattern = numberPattern('reservation');

/** The number of the `seq`-th contract or reservation of `year`. */
export const businessNumber = (
  kind: BusinessNumberKind,
  year: number | string,
  seq: number | string,
  sandbox: boolean,
): string =>
  `${sandbox ? 'TEST-' : ''}${businessNumberPrefixes[kind]}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * A request for an individual guarantee (ADR 0836): AN-7F3A92C1B04D, "AN-" and 12 hex digits in
 * upper case. The server draws the digits (48 random bits, services/guaranteeRequests.ts); the
 * back office refuses any other reference before it reaches the database.
 */
const guaranteeRequestPrefix = 'AN';
export const guaranteeRequestReferencePattern = new RegExp(
  `^${guaranteeRequestPrefix}-[0-9A-F]{12}$`,
);
/** The reference of a request with these 12 hex digits (either case). */
export const guaranteeRequestReference = (hexDigits: string): string =>
  `${guaranteeRequestPrefix}-${hexDigits.toUpperCase()}`;

/**
 * A partner code (ADR 1205): 1 to 50 letters, digits, dots, - or _. One rule for the CSV import
 * (services/partners.ts) and the back office, so every imported partner can be edited there.
 */
export const partnerCodePattern = /^[A-Za-z0-9_.-]{1,50}$/;
