import type { OperatorDetails } from '../documents/operator';

/**
 * The operator's details as the e-mail templates write them: stand-ins that the mailer fills
 * from config.operator (OPERATOR_*) when it composes the message, so every e-mail names the
 * configured operator, or its marked placeholders, exactly like the PDFs and pages (DECISIONS.md
 * "One operator"). The templates stay pure functions of their data.
 */
export const operatorRef = {
  name: '{{operator.name}}',
  street: '{{operator.street}}',
  zipCity: '{{operator.zipCity}}',
  email: '{{operator.email}}',
  phone: '{{operator.phone}}',
} as const satisfies Partial<Record<keyof OperatorDetails, string>>;

const stand = /\{\{operator\.(name|street|zipCity|email|phone)\}\}/g;

/** Fills the stand-ins; `encode` escapes the values for the HTML part. */
export function fillOperator(
  text: string,
  operator: OperatorDetails,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(stand, (_whole, key: keyof typeof operatorRef) => encode(operator[key]));
}
