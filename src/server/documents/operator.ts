import type { OperatorDetails as LegalOperatorDetails } from '../../domain/legal/index';

/**
 * The operator (insurer and guarantor) as pages, PDFs, e-mails, letters and the API name it:
 * config.operator (OPERATOR_*), the same details as the {{operator.*}} placeholders of
 * content/legal/*.md. There is no built-in company (DECISIONS.md "One operator"): what is not
 * configured is a marked placeholder naming its variable, the same text everywhere.
 */
export type OperatorDetails = Omit<LegalOperatorDetails, 'sepaCreditorId'>;

/** The marked placeholder of an operator detail that is not configured. */
export const operatorPlaceholder = (what: string, variable: string) =>
  `[${what} – bitte ${variable} setzen]`;

/** What OPERATOR_* stand for, with their placeholders' wording (config.ts reads them). */
export const operatorVariables = {
  name: ['Firmenname', 'OPERATOR_NAME'],
  street: ['Straße und Hausnummer', 'OPERATOR_STREET'],
  zipCity: ['PLZ und Ort', 'OPERATOR_ZIP_CITY'],
  email: ['E-Mail-Adresse', 'OPERATOR_EMAIL'],
  phone: ['Telefonnummer', 'OPERATOR_PHONE'],
  register: ['Registergericht und -nummer', 'OPERATOR_REGISTER'],
  vatId: ['Umsatzsteuer-Identifikationsnummer', 'OPERATOR_VAT_ID'],
  representatives: ['Vertretungsberechtigte', 'OPERATOR_REPRESENTATIVES'],
  supervisor: ['Aufsichtsbehörde', 'OPERATOR_SUPERVISOR'],
} as const satisfies Record<keyof OperatorDetails, readonly [string, string]>;

/** The operator with nothing configured: every detail its marked placeholder (the default). */
export const fallbackOperator = Object.fromEntries(
  Object.entries(operatorVariables).map(([k, [what, variable]]) => [
    k,
    operatorPlaceholder(what, variable),
  ]),
) as unknown as OperatorDetails;

/**
 * The place a document is dated at: the operator's city ("10115 Berlin" -> "Berlin"); an
 * unconfigured or unusual value is shown as it is, so its placeholder stays visible.
 */
export function placeOf(zipCity: string): string {
  const m = /^(?:D-)?\d{4,5}\s+(.+)$/.exec(zipCity.trim());
  return m ? m[1]!.trim() : zipCity.trim();
}

/** What the legal texts' placeholders stand for: the operator plus the SEPA creditor id. */
export interface DocumentIssuer {
  operator: OperatorDetails;
  sepaCreditorId: string;
  /** Base URL of our website (PUBLIC_URL), for /widerruf and the verification links. */
  siteUrl: string;
}
