import { contractTexts } from '../../domain/index';
import {
  contractNumberPattern as CONTRACT_NUMBER,
  emailPattern as EMAIL,
} from '../../domain/rules/patterns';
import { ContractError } from './contractError';

const normEmail = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');
const normNumber = (s: unknown) => (typeof s === 'string' ? s.trim().toUpperCase() : '');

/** Checks the identification fields of the withdrawal and access forms (German messages). */
export function checkIdentification(body: Record<string, unknown>, withNumber = true) {
  const t = contractTexts.errors;
  const errors: ContractError[] = [];
  const number = normNumber(body.contractNumber);
  if (withNumber) {
    if (!number)
      errors.push(new ContractError(400, 'required', t.contractNumberRequired, 'contractNumber'));
    else if (!CONTRACT_NUMBER.test(number))
      errors.push(new ContractError(400, 'invalid', t.contractNumberInvalid, 'contractNumber'));
  }
  const email = normEmail(body.email);
  if (!email) errors.push(new ContractError(400, 'required', t.emailRequired, 'email'));
  else if (!EMAIL.test(email) || email.length > 254)
    errors.push(new ContractError(400, 'invalid', t.emailInvalid, 'email'));
  // A `confirmationEmail` of older clients is ignored: details go to the stored address only.
  return { errors, number, email };
}
