import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField } from '../model/paths';
import type { FieldDef } from '../fields/defs';
import { pickFields } from '../fields/fields';
import { addDays, addYears, germanToIso } from '../dates';
import type { ErrorCode } from './codes';
import type { RuleContext } from './context';
import * as limits from './limits';
import { maxLengths } from './maxLengths';
import { hasForbiddenCharacters } from './characters';
import { unsupportedCharacters } from './script';
import {
  accountNumberPattern,
  bankCodePattern,
  emailPattern,
  houseNumberPattern,
  phonePattern,
  postcodePattern,
} from './patterns';

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

/** A pattern check; it carries its pattern, so `fieldPatterns` reads it off the table below. */
const matches = (re: RegExp, code: ErrorCode = 'invalid'): Check =>
  Object.assign((v: unknown) => (re.test(str(v)) ? undefined : code), { pattern: re });

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
  // Spec §5: "before the move-in date", strictly; the same day fails on both fields (ADR 0830).
  if (moveIn && d >= moveIn) return 'notBeforeMoveIn';
  return undefined;
};

const moveInDate: Check = (v, m, ctx) => {
  const d = date(v)!;
  const signed = iso(m, 'object.contractSignDate');
  if (signed && d <= signed) return 'notAfterSignDate';
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

/** Printed on the certificate and the policy: only characters the documents can show. */
const printable: Check = (v) =>
  unsupportedCharacters(str(v)).length > 0 ? 'unsupportedCharacters' : undefined;
/** The groups of the model by path: 'firstTenant', 'firstTenant.address', ... */
type GroupsOf<P> = P extends `${infer H}.${infer R}` ? H | `${H}.${GroupsOf<R>}` : never;
type GroupPath = GroupsOf<FieldPath>;

/** The fields below `group` ('firstTenant' -> 'firstName' | 'address.zip' | ...). */
type FieldsOf<G extends string> = FieldPath extends infer P
  ? P extends `${G}.${infer R}`
    ? R
    : never
  : never;

/**
 * The checks of a group's fields, keyed by the names below the group: a name the group does not
 * have fails tsc (`phon` for `phone`), and so does a group that is no group of the model.
 */
export const groupChecks = <G extends GroupPath>(
  group: G,
  checks: { [K in FieldsOf<G>]?: Check[] },
): { [K in FieldsOf<G> as `${G}.${K}`]?: Check[] } =>
  Object.fromEntries(Object.entries(checks).map(([name, c]) => [`${group}.${name}`, c])) as {
    [K in FieldsOf<G> as `${G}.${K}`]?: Check[];
  };

const address = (p: 'object' | 'firstTenant' | 'secondTenant' | 'landlord') =>
  groupChecks(`${p}.address`, {
    street: [printable],
    number: [matches(houseNumberPattern)],
    zip: [matches(postcodePattern)],
    city: [printable],
  });
const tenant = (p: 'firstTenant' | 'secondTenant') => ({
  ...groupChecks(p, {
    firstName: [printable],
    lastName: [printable],
    birthdayDate: [validDate, birthday],
    // nationality: its check needs the country list (tableRules.ts).
    email: [matches(emailPattern)],
    emailRepeat: [emailRepeat(p)],
    phone: [matches(phonePattern)],
  }),
  ...address(p),
});

/** The checks of some fields, by path: a path that is no field fails tsc. */
export type FieldChecks = Partial<Record<FieldPath, Check[]>>;

/**
 * The checks of each field beyond required (spec §5 and §9), in order; the first failing one
 * counts. A typo in a path fails tsc: the literal paths are checked against FieldPath, the spread
 * groups by groupChecks (rules/groupChecks.test.ts shows both).
 */
const fieldChecks: FieldChecks = {
  'objective.deposit': [deposit],
  'objective.deliverTo': [deliverTo],
  'objective.policyStartDate': [validDate, policyStart],
  ...address('object'),
  'object.contractSignDate': [validDate, contractSignDate],
  'object.moveInDate': [validDate, moveInDate],
  'object.coldRent': [coldRent],
  'object.contractLimitDate': [validDate, contractLimitDate],
  'object.isContractTerminated': [terminated],
  ...tenant('firstTenant'),
  ...tenant('secondTenant'),
  'landlord.landlordName': [printable],
  'landlord.firstName': [printable],
  'landlord.lastName': [printable],
  'landlord.companyName': [printable],
  'landlord.companyNameAddition': [printable],
  ...address('landlord'),
  'bankAccount.accountOwner': [accountOwner],
  // iban: its check needs the IBAN registry (tableRules.ts).
  'bankAccount.accountNumber': [matches(accountNumberPattern)],
  'bankAccount.bankCode': [matches(bankCodePattern)],
  'selling.MieterEngel_phone': [matches(phonePattern)],
};

/** The pattern of each field checked by one (the OpenAPI document's Tenancy body shows them). */
export const fieldPatterns: Partial<Record<FieldPath, RegExp>> = Object.fromEntries(
  Object.entries(fieldChecks).flatMap(([path, checks]) => {
    const check = checks?.find((c): c is Check & { pattern: RegExp } => 'pattern' in c);
    return check ? [[path, check.pattern]] : [];
  }),
);

export type RuleBook = Partial<Record<FieldPath, FieldRule>>;

/** Required or not, from the field registry: a consent must be ticked, an optional may stay empty. */
const requiredOf = (def: FieldDef): FieldRule['required'] =>
  def.kind === 'bool' && def.consent ? 'true' : def.optional ? undefined : 'value';

/**
 * The rule book without the checks that need large tables (ADR 0807): what each field must
 * satisfy when it is shown (spec §5 and §9): required from the field registry, checks from
 * fieldChecks. fieldRules.ts adds tableRules.ts for the full book; the web loads that part only on
 * the steps that show those fields.
 */
export const baseRules: RuleBook = pickFields((def, path): FieldRule | undefined => {
  const required = requiredOf(def);
  const checks = fieldChecks[path];
  if (!required && !checks) return undefined;
  return { ...(required ? { required } : {}), ...(checks ? { checks } : {}) };
});

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
