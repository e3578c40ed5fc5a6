import { contractNumberPattern, emailPattern } from '../rules/patterns';

// The identification of the after-sale forms (withdrawal, contract access): contract number and
// e-mail address. The withdrawal page checks it before it asks the server, which checks again.

/** The longest e-mail address a mail server takes (RFC 5321: a path of 254 characters). */
const maxEmailLength = 254;

export type IdentificationField = 'contractNumber' | 'email';
export type IdentificationCode = 'required' | 'invalid';

/** "mk-2026-000042 " -> "MK-2026-000042". */
const normaliseContractNumber = (s: unknown): string =>
  typeof s === 'string' ? s.trim().toUpperCase() : '';
const normaliseEmail = (s: unknown): string =>
  typeof s === 'string' ? s.trim().toLowerCase() : '';

/** What is missing or malformed, by field; without `withNumber` only the e-mail is asked. */
export function identificationErrors(
  values: { contractNumber?: unknown; email?: unknown },
  withNumber = true,
): Partial<Record<IdentificationField, IdentificationCode>> {
  const errors: Partial<Record<IdentificationField, IdentificationCode>> = {};
  const number = normaliseContractNumber(values.contractNumber);
  if (withNumber && !number) errors.contractNumber = 'required';
  else if (withNumber && !contractNumberPattern.test(number)) errors.contractNumber = 'invalid';
  const email = normaliseEmail(values.email);
  if (!email) errors.email = 'required';
  else if (!emailPattern.test(email) || email.length > maxEmailLength) errors.email = 'invalid';
  return errors;
}
