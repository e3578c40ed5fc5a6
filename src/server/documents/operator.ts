import type { OperatorDetails as LegalOperatorDetails } from '../../domain/legal/index';
import { guarantor } from './guarantor';

/**
 * The operator (insurer and guarantor) as the documents name it: config.operator (OPERATOR_*),
 * the same details as the {{operator.*}} placeholders of content/legal/*.md. The fallback below
 * (the example company of guarantor.ts, with marked placeholders for what it does not know) is
 * used where no configuration is passed in: the document tests.
 */
export type OperatorDetails = Omit<LegalOperatorDetails, 'sepaCreditorId'>;

export const fallbackOperator: OperatorDetails = {
  name: guarantor.name,
  street: guarantor.street,
  zipCity: guarantor.zipCity,
  email: guarantor.serviceEmail,
  phone: guarantor.servicePhone,
  register: guarantor.register,
  vatId: '[USt-IdNr. – bitte OPERATOR_VAT_ID setzen]',
  representatives: '[Vorstand – bitte OPERATOR_REPRESENTATIVES setzen]',
  supervisor:
    '[Aufsichtsbehörde – bitte OPERATOR_SUPERVISOR setzen, z. B. Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin), Graurheindorfer Straße 108, 53117 Bonn]',
};

/** What the legal texts' placeholders stand for: the operator plus the SEPA creditor id. */
export interface DocumentIssuer {
  operator: OperatorDetails;
  sepaCreditorId: string;
  /** Base URL of our website (PUBLIC_URL), for /widerruf and the verification links. */
  siteUrl: string;
}
