// The wire formats and server error shapes (also re-exported by src/domain/index.ts).
export type { WireFormat } from './format';
export { newApiWire, oldApiWire, reconfiguredApiWire, wireFormats, wireFor } from './formats';
export type { WireFieldError, ParsedServerErrors } from './errors';
export { encodeFieldErrors, parseServerErrors } from './errors';
export { parsePrefill, sanitizeModel } from './prefill';
export { mergeModel } from './partial';
export { parseAmount, parseBool } from './values';
export type { RequestExtras } from './partner';
export {
  requestExtras,
  readRequestExtras,
  assertConsents,
  consentsOfTerms,
  partnerDefaults,
} from './partner';
export { dottedKey } from './format';
