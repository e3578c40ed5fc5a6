import { composeIBAN, isValidIBAN } from 'ibantools';
import type { FormModel } from '../model/schema';
import { patterns } from './baseRules';
import { normalizeIban } from './tableRules';

/** German IBAN from account number (up to 10 digits) and bank code (8 digits), or undefined. */
export function deriveGermanIban(
  accountNumber: string | undefined,
  bankCode: string | undefined,
): string | undefined {
  const acc = (accountNumber ?? '').trim();
  const blz = (bankCode ?? '').trim();
  if (!patterns.accountNumber.test(acc) || !patterns.bankCode.test(blz)) return undefined;
  const iban = composeIBAN({ countryCode: 'DE', bban: blz + acc.padStart(10, '0') });
  return iban && isValidIBAN(iban) ? iban : undefined;
}

/** The IBAN to debit: the entered one (normalised) or the one derived from account and bank code. */
export function effectiveIban(model: FormModel): string | undefined {
  const b = model.bankAccount;
  if (b.useIban !== false) return b.iban ? normalizeIban(b.iban) : undefined;
  return deriveGermanIban(b.accountNumber, b.bankCode);
}
