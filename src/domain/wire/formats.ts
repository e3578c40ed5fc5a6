import type { FieldPath } from '../model/paths';
import { fieldPaths } from '../model/paths';
import { frequencyNames } from '../tariff/rates';
import type { WireFormat } from './format';
import { makeWire } from './format';

/** Old API: the model path nested under tenancy_retail, e.g. tenancy_retail[objective][deposit]. */
const oldNames = Object.fromEntries(
  fieldPaths.map((p) => [p, `tenancy_retail[${p.split('.').join('][')}]`]),
) as Record<FieldPath, string>;

const address = (prefix: string) => ({
  street: `${prefix}[address][street]`,
  number: `${prefix}[address][streetNumber]`,
  zip: `${prefix}[address][zip]`,
  city: `${prefix}[address][city]`,
});

function newNames(prefixOf: { extra: string; digital: string }): Record<FieldPath, string> {
  const names: Record<string, string> = {
    'billing.partner_code': 'partnerCode',
    'billing.hide_partner_code': 'hidePartnerCode',
    'objective.deposit': 'rentalObject[rentalContract][deposit]',
    'objective.target': 'rentalObject[rentalContract][isExisting]',
    'objective.useSecondTenant': 'hasCoTenant',
    'objective.deliverTo': 'postalDestination',
    'objective.useDigitalGuarantee': prefixOf.digital,
    'objective.paymentConditions': 'bankAccount[paymentFrequency]',
    'objective.privacyPolicyAccepted': 'privacyPolicyAccepted',
    'objective.conditionsAccepted': 'termsAccepted',
    'objective.shippingNotesAccepted': 'shippingNotesAccepted',
    'objective.policyStartDate': 'policyStartDate',
    'object.contractSignDate': 'rentalObject[rentalContract][signedAt]',
    'object.coldRent': 'rentalObject[rentalContract][rent]',
    'object.moveInDate': 'rentalObject[rentalContract][movedInAt]',
    'object.isContractLimited': 'rentalObject[rentalContract][isLimited]',
    'object.contractLimitDate': 'rentalObject[rentalContract][limitedUntil]',
    'object.isContractTerminated': 'rentalObject[rentalContract][isTerminated]',
    'object.isRentPaidUnpunctual': 'rentalObject[history][rentPaidLate]',
    'object.isDepositPaidCompletely': 'rentalObject[history][depositPaidCompletely]',
    'object.isDepositConsumed': 'rentalObject[history][depositClaimed]',
    'object.isObjectDamaged': 'rentalObject[history][objectDamaged]',
    'object.hasPreinsurance': `${prefixOf.extra}[preinsurance][exists]`,
    'object.preinsuranceCompany': `${prefixOf.extra}[preinsurance][company]`,
    'object.preinsuranceId': `${prefixOf.extra}[preinsurance][policyNumber]`,
    'object.preinsuranceQuitBy': `${prefixOf.extra}[preinsurance][terminatedBy]`,
    'object.hasPredamage': `${prefixOf.extra}[predamage][exists]`,
    'object.predamageDetail': `${prefixOf.extra}[predamage][description]`,
    'landlord.formOfAddress': 'landlord[gender]',
    'landlord.landlordName': 'landlord[fullName]',
    'landlord.firstName': 'landlord[firstName]',
    'landlord.lastName': 'landlord[name]',
    'landlord.companyName': 'landlord[companyName]',
    'landlord.companyNameAddition': 'landlord[companyNameAddition]',
    'landlord.id': 'landlord[id]',
    'bankAccount.useIban': 'bankAccount[useIban]',
    'bankAccount.accountOwner': 'bankAccount[owner]',
    'bankAccount.iban': 'bankAccount[iban]',
    'bankAccount.accountNumber': 'bankAccount[accountNumber]',
    'bankAccount.bankCode': 'bankAccount[bankCode]',
    'bankAccount.bankName': 'bankAccount[bankName]',
    'security.captchaResponseKey': 'captchaResponseKey',
    'security.pb': 'pb',
    'security.pbt': 'pbt',
    'security.pbk': 'pbk',
    'formHandling.forceToShowErrors': 'formHandling[forceToShowErrors]',
    'formHandling.contractState': 'state',
    'formHandling.interactiveLock': 'formHandling[interactiveLock]',
    'selling.immoscout_area': 'selling[immoscoutArea]',
    'selling.preisboerse_time': 'selling[preisboerseTime]',
    'selling.MieterEngel': 'selling[mieterEngel]',
    'selling.MieterEngel_phone': 'selling[mieterEngelPhone]',
    'uce.subPartnerCode': 'subPartnerCode',
  };
  for (const [k, v] of Object.entries(address('rentalObject'))) names[`object.address.${k}`] = v;
  for (const [k, v] of Object.entries(address('landlord'))) names[`landlord.address.${k}`] = v;
  // Group names as partners' systems send them (firstTenant, secondTenant); tenant and coTenant
  // are read as aliases (see newAliases).
  for (const [model, wire] of [
    ['firstTenant', 'firstTenant'],
    ['secondTenant', 'secondTenant'],
  ] as const) {
    const t = (f: string) => `${wire}[${f}]`;
    Object.assign(names, {
      [`${model}.gender`]: t('gender'),
      [`${model}.firstName`]: t('firstName'),
      [`${model}.lastName`]: t('name'),
      [`${model}.birthdayDate`]: t('dateOfBirth'),
      [`${model}.nationality`]: t('nationality'),
      [`${model}.email`]: t('email'),
      [`${model}.emailRepeat`]: t('emailConfirmation'),
      [`${model}.phone`]: t('phone'),
      [`${model}.isCreditCheckApproved`]: t('creditCheckAccepted'),
      [`${model}.id`]: t('id'),
    });
    for (const [k, v] of Object.entries(address(wire))) names[`${model}.address.${k}`] = v;
  }
  for (const p of fieldPaths)
    if (p.startsWith('selling.') && !names[p]) names[p] = `selling[${p.slice(8)}]`;
  return names as Record<FieldPath, string>;
}

const newEnums = {
  'objective.target': { newContract: 'false', retrieveDeposit: 'true' },
  'objective.deliverTo': {
    objectAddresss: 'object_address',
    legalAddress: 'legal_address',
    landlordAddress: 'landlord_address',
    digital: 'digital',
  },
  'objective.paymentConditions': Object.fromEntries(
    Object.entries(frequencyNames).map(([k, v]) => [k, v]),
  ),
  'firstTenant.gender': { m: 'male', f: 'female' },
  'secondTenant.gender': { m: 'male', f: 'female' },
  'landlord.formOfAddress': { m: 'male', f: 'female', company: 'company' },
};

/** Earlier names of the new API, still read: tenant/coTenant groups and owner values. */
const newAliases = [
  ['tenant[', 'firstTenant['],
  ['coTenant[', 'secondTenant['],
] as const;
const newEnumAliases = {
  'bankAccount.accountOwner': { tenant: 'firstTenant', coTenant: 'secondTenant' },
};
/** Extras are matched regardless of case (selling[mieterengel] is selling[mieterEngel]). */
const newCaseInsensitive = ['selling['];

/** Old API: tenancy_retail[...] keys, booleans 1/0, decimal comma, dates TT.MM.JJJJ. */
export const oldApiWire: WireFormat = makeWire({
  name: 'old',
  names: oldNames,
  booleans: ['1', '0'],
  decimal: ',',
  dates: 'german',
  enums: {},
  envelopes: ['tenancy_retail'],
  caseInsensitive: ['tenancy_retail[selling]['],
});

/** New API: names of spec §3, booleans 'true'/'false', decimal point, dates YYYY-MM-DD. */
export const newApiWire: WireFormat = makeWire({
  name: 'new',
  names: newNames({ extra: 'rentalObject', digital: 'digitalGuarantee' }),
  booleans: ['true', 'false'],
  decimal: '.',
  dates: 'iso',
  enums: newEnums,
  envelopes: ['data', 'tenancy', 'payload'],
  aliases: newAliases,
  enumAliases: newEnumAliases,
  caseInsensitive: newCaseInsensitive,
});

/** Reconfigured new API: like the new API; the extra questions travel under additionalQuestions. */
export const reconfiguredApiWire: WireFormat = makeWire({
  name: 'reconfigured',
  names: newNames({
    extra: 'additionalQuestions',
    digital: 'rentalObject[rentalContract][digitalGuarantee]',
  }),
  booleans: ['true', 'false'],
  decimal: '.',
  dates: 'iso',
  enums: newEnums,
  envelopes: ['data', 'tenancy', 'payload'],
  aliases: newAliases,
  enumAliases: newEnumAliases,
  caseInsensitive: newCaseInsensitive,
});

/** The wire format of a configuration. */
export const wireFor = (config: { apiGeneration: 'new' | 'old'; reconfigured: boolean }) =>
  config.apiGeneration === 'old'
    ? oldApiWire
    : config.reconfigured
      ? reconfiguredApiWire
      : newApiWire;
