// Why the rules did not accept an application at once: the codes stored with a decision and the
// German sentence staff read for each (ADR 1209). One table the compiler checks: a new code
// without its text fails tsc.

export const reasonTexts = {
  contract_terminated: 'Das Mietverhältnis ist gekündigt.',
  late_rent: 'Die Miete wurde nicht pünktlich gezahlt.',
  deposit_not_paid_completely: 'Die Kaution ist nicht vollständig gezahlt.',
  deposit_consumed: 'Die Kaution wurde schon (teilweise) in Anspruch genommen.',
  object_damaged: 'Das Mietobjekt ist beschädigt.',
  predamage: 'Es gibt Vorschäden am Mietobjekt.',
  deposit_above_limit: 'Die Kaution liegt über 15.000 €: eine Person prüft den Antrag.',
  credit_declined: 'Die Bonitätsprüfung ist negativ.',
  credit_review: 'Die Bonitätsprüfung verlangt eine Prüfung durch eine Person.',
} as const satisfies Record<string, string>;

/** Rule codes, stored with the decision (they carry no personal data). */
export type ReasonCode = keyof typeof reasonTexts;

/** The German text of a stored code; a code from an older release is shown as it is. */
export const reasonText = (code: string): string =>
  Object.hasOwn(reasonTexts, code) ? reasonTexts[code as ReasonCode] : code;
