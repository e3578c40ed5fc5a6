/**
 * The letters the back office posts to a landlord (who has no e-mail address in the model). A
 * closed set: queueing (`contract_letters.kind`), the staff queue and the print batch are all
 * keyed by it, so a new kind does not compile until each of them says what it means.
 * `cancellation_requested`: the tenant has cancelled; the guarantee stays in force until the
 * landlord releases it (ADR 0925).
 */
export const letterKinds = [
  'release_code',
  'withdrawn',
  'cancellation_requested',
  'cancelled',
  'released',
  'reinstated',
  /** All but a retained amount released (issue 26 item 5, ADR 1255). */
  'partially_released',
] as const;

export type LetterKind = (typeof letterKinds)[number];
