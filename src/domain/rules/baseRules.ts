import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField } from '../model/paths';
import { addDays, addYears, germanToIso } from '../dates';
import type { ErrorCode } from './codes';
import type { RuleContext } from './context';
import * as limits from './limits';
import { maxLengths } from './maxLengths';
import { hasForbiddenCharacters } from './characters';
import { unsupportedCharacters } from './script';

/** One check: returns an error code or undefined. Runs only when the field has a value. */
export type Check = (value: unknown, model: FormModel, ctx: RuleContext) => ErrorCode | undefined;

export interface FieldRule {
  /** 'value': anything entered; 'true': a consent box that must be ticked. */
  required?: 'value' | 'true';
  checks?: Check[];
}

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const str = (v: unknown) => (typeof v === 'string' ? v.trim() : String(v));

const patterns = {
  zip: /^\d{5}$/,
  houseNumber: /^\d{1,5}\s?[a-zA-Z]?(\s?[-/]\s?\d{1,5}\s?[a-zA-Z]?)?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/,
  phone: /^(?:\+[1-9]\d{5,20}|0\d{5,20})$/,
  accountNumber: /^\d{1,10}$/,
  bankCode: /^\d{8}$/,
};

const matches =
  (re: RegExp, code: ErrorCode = 'invalid'): Check =>
  (v) =>
    re.test(str(v)) ? undefined : code;

const iso = (m: FormModel, p: FieldPath) => germanToIso(getField(m, p) as string | undefined);
const date = (v: unknown) => germanToIso(str(v));

const validDate: Check = (v) => (date(v) ? undefined : 'invalidDate');

const deposit: Check = (v, _m, ctx) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'invalidNumber';
  if (v < limits.depositMin) return 'tooLow';
  if (ctx.reconfigured && v > limits.depositMaxReconfigured) return 'tooHighReconfigured';
  if (v > limits.depositMax) return 'tooHigh';
  return undefined;
};

const coldRent: Check = (v, m) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'invalidNumber';
  if (v <= 0) return 'tooLow';
  const dep = m.objective.deposit;
  if (typeof dep === 'number' && dep > v * limits.maxColdRentsForDeposit)
    return 'aboveThreeColdRents';
  return undefined;
};

const contractSignDate: Check = (v, m, ctx) => {
  const d = date(v)!;
  if (d > addDays(ctx.today, limits.contractSignMaxDaysAhead)) return 'tooFarAhead';
  const moveIn = iso(m, 'object.moveInDate');
  if (moveIn && d > moveIn) return 'notBeforeMoveIn';
  return undefined;
};

const moveInDate: Check = (v, m, ctx) => {
  const d = date(v)!;
  const signed = iso(m, 'object.contractSignDate');
  if (signed && d < signed) return 'notAfterSignDate';
  if (d > addDays(ctx.today, limits.moveInMaxDaysAhead)) return 'tooFarAhead';
  if (m.objective.target !== 'retrieveDeposit') {
    if (ctx.reconfigured) {
      if (d < addDays(ctx.today, -limits.moveInMaxDaysPastReconfigured)) return 'tooFarInPast';
    } else if (d < ctx.today) return 'inPast';
  }
  return undefined;
};

const contractLimitDate: Check = (v, _m, ctx) => (date(v)! > ctx.today ? undefined : 'notInFuture');

const birthday: Check = (v, m, ctx) => {
  const d = date(v)!;
  if (d < limits.earliestBirthDate) return 'tooEarly';
  // Age counts at contract signing; before the object step is filled in, today counts.
  const reference = iso(m, 'object.contractSignDate') ?? ctx.today;
  return addYears(d, limits.minimumAge) <= reference ? undefined : 'underage';
};

const policyStart: Check = (v, m, ctx) => {
  const d = date(v)!;
  if (d < ctx.today) return 'inPast';
  if (d > addDays(ctx.today, limits.policyStartMaxDaysAhead)) return 'tooFarAhead';
  // Rental start = contract date (spec: "Mietbeginn"); once it has passed, any start from today on.
  const start = iso(m, 'object.contractSignDate');
  if (m.objective.target !== 'retrieveDeposit' && start && start >= ctx.today && d > start)
    return 'afterRentalStart';
  return undefined;
};

const emailRepeat =
  (p: 'firstTenant' | 'secondTenant'): Check =>
  (v, m) =>
    str(v).toLowerCase() === (m[p].email ?? '').trim().toLowerCase() ? undefined : 'mismatch';

const deliverTo: Check = (v, m) =>
  v === 'digital' &&
  (typeof m.objective.deposit !== 'number' || m.objective.deposit >= limits.digitalDepositLimit)
    ? 'digitalNotAvailable'
    : undefined;

const terminated: Check = (v) => (v === true ? 'contractTerminated' : undefined);

const accountOwner: Check = (v, m) =>
  v === 'secondTenant' && m.objective.useSecondTenant !== true ? 'invalid' : undefined;

const req: FieldRule = { required: 'value' };
/** Printed on the certificate and the policy: only characters the documents can show. */
const printable: Check = (v) =>
  unsupportedCharacters(str(v)).length > 0 ? 'unsupportedCharacters' : undefined;
const printed: FieldRule = { required: 'value', checks: [printable] };
const address = (p: string): Record<string, FieldRule> => ({
  [`${p}.address.street`]: printed,
  [`${p}.address.number`]: { required: 'value', checks: [matches(patterns.houseNumber)] },
  [`${p}.address.zip`]: { required: 'value', checks: [matches(patterns.zip)] },
  [`${p}.address.city`]: printed,
});
const tenant = (p: 'firstTenant' | 'secondTenant'): Record<string, FieldRule> => ({
  [`${p}.gender`]: req,
  [`${p}.firstName`]: printed,
  [`${p}.lastName`]: printed,
  [`${p}.birthdayDate`]: { required: 'value', checks: [validDate, birthday] },
  // Its check needs the country list: tableRules.ts.
  [`${p}.nationality`]: req,
  [`${p}.email`]: { required: 'value', checks: [matches(patterns.email)] },
  [`${p}.emailRepeat`]: { required: 'value', checks: [emailRepeat(p)] },
  [`${p}.phone`]: { required: 'value', checks: [matches(patterns.phone)] },
  [`${p}.isCreditCheckApproved`]: { required: 'true' },
  ...address(p),
});

export type RuleBook = Partial<Record<FieldPath, FieldRule>>;

/**
 * The rule book without the checks that need large tables (ADR 0807): what each field must
 * satisfy when it is shown (spec §5 and §9). fieldRules.ts adds tableRules.ts for the full book;
 * the web loads that part only on the steps that show those fields.
 */
export const baseRules: RuleBook = {
  'objective.deposit': { required: 'value', checks: [deposit] },
  'objective.target': req,
  'objective.deliverTo': { required: 'value', checks: [deliverTo] },
  'objective.paymentConditions': req,
  'objective.policyStartDate': { required: 'value', checks: [validDate, policyStart] },
  'objective.conditionsAccepted': { required: 'true' },
  'objective.privacyPolicyAccepted': { required: 'true' },
  'objective.shippingNotesAccepted': { required: 'true' },
  ...address('object'),
  'object.contractSignDate': { required: 'value', checks: [validDate, contractSignDate] },
  'object.moveInDate': { required: 'value', checks: [validDate, moveInDate] },
  'object.coldRent': { required: 'value', checks: [coldRent] },
  'object.isContractLimited': req,
  'object.contractLimitDate': { required: 'value', checks: [validDate, contractLimitDate] },
  'object.isContractTerminated': { required: 'value', checks: [terminated] },
  'object.isRentPaidUnpunctual': req,
  'object.isDepositPaidCompletely': req,
  'object.isDepositConsumed': req,
  'object.isObjectDamaged': req,
  'object.hasPreinsurance': req,
  'object.preinsuranceCompany': req,
  'object.preinsuranceId': req,
  'object.preinsuranceQuitBy': req,
  'object.hasPredamage': req,
  'object.predamageDetail': req,
  ...tenant('firstTenant'),
  ...tenant('secondTenant'),
  'landlord.formOfAddress': req,
  'landlord.landlordName': printed,
  'landlord.firstName': printed,
  'landlord.lastName': printed,
  'landlord.companyName': printed,
  'landlord.companyNameAddition': { checks: [printable] },
  ...address('landlord'),
  'bankAccount.accountOwner': { required: 'value', checks: [accountOwner] },
  // Its check needs the IBAN registry: tableRules.ts.
  'bankAccount.iban': req,
  'bankAccount.accountNumber': { required: 'value', checks: [matches(patterns.accountNumber)] },
  'bankAccount.bankCode': { required: 'value', checks: [matches(patterns.bankCode)] },
  'bankAccount.bankName': req,
  'security.captchaResponseKey': req,
  'selling.immoscout_area': req,
  'selling.preisboerse_time': req,
  'selling.MieterEngel_phone': { required: 'value', checks: [matches(patterns.phone)] },
};

/**
 * Checks one field against its rule in `rules`; returns the first failing code (required,
 * length, format, ...). fieldRules.ts's checkField uses the full book.
 */
export function checkFieldWith(
  rules: RuleBook,
  model: FormModel,
  path: FieldPath,
  ctx: RuleContext,
): ErrorCode[] {
  const value = getField(model, path);
  const rule = rules[path];
  if (rule?.required === 'true') return value === true ? [] : ['required'];
  // Control, bidi-override characters and lone surrogates first: nothing else applies to them.
  if (typeof value === 'string' && hasForbiddenCharacters(value, path))
    return ['invalidCharacters'];
  if (isEmpty(value)) return rule?.required ? ['required'] : [];
  const max = maxLengths[path];
  // IBANs are measured without the spaces people type (see the iban check).
  if (max !== undefined && path !== 'bankAccount.iban' && str(value).length > max)
    return ['maxLength'];
  for (const check of rule?.checks ?? []) {
    const code = check(value, model, ctx);
    if (code) return [code];
  }
  return [];
}
