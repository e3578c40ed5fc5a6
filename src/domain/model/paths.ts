import type { FormModel } from './schema';
import {
  accountOwnerValues,
  deliverToValues,
  formOfAddressValues,
  genderValues,
  paymentConditionValues,
  preinsuranceQuitByValues,
  targetValues,
} from './schema';

type Leaf = string | number | boolean | null | undefined;
type Paths<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends Leaf
    ? K
    : NonNullable<T[K]> extends readonly unknown[]
      ? never
      : `${K}.${Paths<NonNullable<T[K]>>}`;
}[keyof T & string];

/** Every leaf of the form model as a dotted path, e.g. 'firstTenant.address.zip'. */
export type FieldPath = Paths<Omit<FormModel, 'activeMask' | 'cid'>>;

type At<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? At<NonNullable<T[H]>, R>
    : never
  : P extends keyof T
    ? T[P]
    : never;
export type FieldValue<P extends FieldPath> = At<FormModel, P>;

export type FieldKind =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'bool' }
  | { kind: 'amount' }
  | { kind: 'enum'; values: readonly (string | number)[] };

const text = { kind: 'text' } as const;
const date = { kind: 'date' } as const;
const bool = { kind: 'bool' } as const;
const amount = { kind: 'amount' } as const;
const oneOf = (values: readonly (string | number)[]) => ({ kind: 'enum', values }) as const;

const addressKinds = <P extends string>(p: P) =>
  ({
    [`${p}.address.street`]: text,
    [`${p}.address.number`]: text,
    [`${p}.address.zip`]: text,
    [`${p}.address.city`]: text,
  }) as Record<`${P}.address.${'street' | 'number' | 'zip' | 'city'}`, FieldKind>;

const tenantKinds = <P extends 'firstTenant' | 'secondTenant'>(p: P) =>
  ({
    [`${p}.gender`]: oneOf(genderValues),
    [`${p}.firstName`]: text,
    [`${p}.lastName`]: text,
    [`${p}.birthdayDate`]: date,
    [`${p}.nationality`]: text,
    [`${p}.email`]: text,
    [`${p}.emailRepeat`]: text,
    [`${p}.phone`]: text,
    [`${p}.isCreditCheckApproved`]: bool,
    [`${p}.id`]: text,
    ...addressKinds(p),
  }) as Record<Extract<FieldPath, `${P}.${string}`>, FieldKind>;

/**
 * The value kind of every field (the TypeScript check makes this table complete). Wire formats,
 * prefill and the property tests read it.
 */
export const fieldKinds: Record<FieldPath, FieldKind> = {
  'billing.partner_code': text,
  'billing.hide_partner_code': bool,
  'objective.deposit': amount,
  'objective.target': oneOf(targetValues),
  'objective.useSecondTenant': bool,
  'objective.deliverTo': oneOf(deliverToValues),
  'objective.useDigitalGuarantee': bool,
  'objective.paymentConditions': oneOf(paymentConditionValues),
  'objective.privacyPolicyAccepted': bool,
  'objective.conditionsAccepted': bool,
  'objective.shippingNotesAccepted': bool,
  'objective.policyStartDate': date,
  ...addressKinds('object'),
  'object.contractSignDate': date,
  'object.coldRent': amount,
  'object.moveInDate': date,
  'object.isContractLimited': bool,
  'object.contractLimitDate': date,
  'object.isContractTerminated': bool,
  'object.isRentPaidUnpunctual': bool,
  'object.isDepositPaidCompletely': bool,
  'object.isDepositConsumed': bool,
  'object.isObjectDamaged': bool,
  'object.hasPreinsurance': bool,
  'object.preinsuranceCompany': text,
  'object.preinsuranceId': text,
  'object.preinsuranceQuitBy': oneOf(preinsuranceQuitByValues),
  'object.hasPredamage': bool,
  'object.predamageDetail': text,
  ...tenantKinds('firstTenant'),
  ...tenantKinds('secondTenant'),
  'landlord.formOfAddress': oneOf(formOfAddressValues),
  'landlord.landlordName': text,
  'landlord.firstName': text,
  'landlord.lastName': text,
  'landlord.companyName': text,
  'landlord.companyNameAddition': text,
  ...addressKinds('landlord'),
  'landlord.id': text,
  'bankAccount.useIban': bool,
  'bankAccount.accountOwner': oneOf(accountOwnerValues),
  'bankAccount.iban': text,
  'bankAccount.accountNumber': text,
  'bankAccount.bankCode': text,
  'bankAccount.bankName': text,
  'security.captchaResponseKey': text,
  'security.pb': text,
  'security.pbt': text,
  'security.pbk': text,
  'formHandling.forceToShowErrors': bool,
  'formHandling.contractState': text,
  'formHandling.interactiveLock': bool,
  'selling.keySafeing': bool,
  'selling.keyFinder': bool,
  'selling.wechselpilot': bool,
  'selling.mailForwarding': bool,
  'selling.immoscout': bool,
  'selling.immoscout_area': text,
  'selling.preisboerse': bool,
  'selling.preisboerse_time': text,
  'selling.selfStorage': bool,
  'selling.movePackage': bool,
  'selling.MieterEngel': bool,
  'selling.MieterEngel_phone': text,
  'uce.subPartnerCode': text,
};

export const fieldPaths = Object.keys(fieldKinds) as FieldPath[];
const known = new Set<string>(fieldPaths);
export const isFieldPath = (s: string): s is FieldPath => known.has(s);

/** Reads a field; undefined when any group on the way is missing. */
export function getField<P extends FieldPath>(model: FormModel, path: P): FieldValue<P> {
  let cur: unknown = model;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined as FieldValue<P>;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur as FieldValue<P>;
}

/** Returns a new model with one field changed; the groups on the path are copied, the rest shared. */
export function setField<P extends FieldPath>(
  model: FormModel,
  path: P,
  value: FieldValue<P>,
): FormModel {
  const keys = path.split('.');
  const write = (node: unknown, i: number): unknown => {
    const obj = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    const key = keys[i] as string;
    return { ...obj, [key]: i === keys.length - 1 ? value : write(obj[key], i + 1) };
  };
  return write(model, 0) as FormModel;
}
