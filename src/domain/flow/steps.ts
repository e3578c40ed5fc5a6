import type { FieldPath } from '../model/paths';

/** Every step, in the default order of the flow (see defaultStepList). */
export const stepIds = [
  'start',
  'uce',
  'tenant',
  'landlord',
  'object',
  'payment',
  'selling',
  'check',
] as const;
export type StepId = (typeof stepIds)[number];

export interface StepDefinition {
  id: StepId;
  route: string;
  /** Label in the top navigation; start and uce are not in it. */
  navLabel?: string;
  /** Forward label of the step BEFORE this one ("Weiter zur Zahlung" leads to payment). */
  forwardLabel: string;
  /** Back label of the step AFTER this one ("Zurück zur Zahlung" leads back to payment). */
  backLabel: string;
  /** Every field the step can show; activeMask() narrows it to what is shown now. */
  fields: readonly FieldPath[];
}

const address = <P extends 'object' | 'firstTenant' | 'secondTenant' | 'landlord'>(p: P) =>
  [`${p}.address.street`, `${p}.address.number`, `${p}.address.zip`, `${p}.address.city`] as const;

const tenant = <P extends 'firstTenant' | 'secondTenant'>(p: P) =>
  [
    `${p}.gender`,
    `${p}.firstName`,
    `${p}.lastName`,
    `${p}.birthdayDate`,
    `${p}.nationality`,
    ...address(p),
    `${p}.email`,
    `${p}.emailRepeat`,
    `${p}.phone`,
    `${p}.isCreditCheckApproved`,
  ] as const;

export const startFields = [
  'objective.deposit',
  'objective.target',
  'objective.useDigitalGuarantee',
] as const satisfies readonly FieldPath[];

/** The extra questions (pre-insurance, pre-damage); asked with the rental object. */
const extraQuestionFields = [
  'object.hasPreinsurance',
  'object.preinsuranceCompany',
  'object.preinsuranceId',
  'object.preinsuranceQuitBy',
  'object.hasPredamage',
  'object.predamageDetail',
] as const satisfies readonly FieldPath[];

const objectFields = [
  ...address('object'),
  'object.contractSignDate',
  'object.moveInDate',
  'object.coldRent',
  'object.isContractLimited',
  'object.contractLimitDate',
  'object.isContractTerminated',
  'object.isRentPaidUnpunctual',
  'object.isDepositPaidCompletely',
  'object.isDepositConsumed',
  'object.isObjectDamaged',
  ...extraQuestionFields,
] as const satisfies readonly FieldPath[];

export const sellingFields = [
  'selling.keySafeing',
  'selling.keyFinder',
  'selling.mailForwarding',
  'selling.immoscout',
  'selling.immoscout_area',
  'selling.movePackage',
  'selling.selfStorage',
  'selling.preisboerse',
  'selling.preisboerse_time',
  'selling.wechselpilot',
  'selling.MieterEngel',
  'selling.MieterEngel_phone',
] as const satisfies readonly FieldPath[];

const captchaFields = [
  'security.captchaResponseKey',
  'security.pb',
  'security.pbt',
  'security.pbk',
] as const satisfies readonly FieldPath[];

const tenantStepFields = [
  ...tenant('firstTenant'),
  'objective.useSecondTenant',
  ...tenant('secondTenant'),
  'billing.partner_code',
] as const satisfies readonly FieldPath[];

/** In reservation mode the tenant step is the last one: one tenant, consent, captcha. */
export const reservationTenantFields = [
  ...tenant('firstTenant'),
  'billing.partner_code',
  'objective.privacyPolicyAccepted',
  ...captchaFields,
] as const satisfies readonly FieldPath[];

/** The flow as data: routes, labels and fields of every step, in one place. */
export const steps: Record<StepId, StepDefinition> = {
  start: {
    id: 'start',
    route: '/start',
    forwardLabel: 'Weiter zum Start',
    backLabel: 'Zurück zum Start',
    fields: startFields,
  },
  uce: {
    id: 'uce',
    route: '/uce',
    forwardLabel: 'Weiter',
    backLabel: 'Zurück zum Start',
    fields: ['uce.subPartnerCode'],
  },
  tenant: {
    id: 'tenant',
    route: '/tenant',
    navLabel: 'Mieter',
    forwardLabel: 'Weiter',
    backLabel: 'Zurück zum Mieter',
    fields: tenantStepFields,
  },
  landlord: {
    id: 'landlord',
    route: '/landlord',
    navLabel: 'Vermieter',
    forwardLabel: 'Weiter zum Vermieter',
    backLabel: 'Zurück zum Vermieter',
    fields: [
      'landlord.formOfAddress',
      'landlord.firstName',
      'landlord.lastName',
      'landlord.companyName',
      'landlord.companyNameAddition',
      'landlord.landlordName',
      ...address('landlord'),
    ],
  },
  object: {
    id: 'object',
    route: '/object',
    navLabel: 'Mietobjekt',
    forwardLabel: 'Weiter zum Mietobjekt',
    backLabel: 'Zurück zum Mietobjekt',
    fields: objectFields,
  },
  payment: {
    id: 'payment',
    route: '/payment',
    navLabel: 'Zahlung',
    forwardLabel: 'Weiter zur Zahlung',
    backLabel: 'Zurück zur Zahlung',
    fields: [
      'objective.deliverTo',
      'objective.paymentConditions',
      'bankAccount.accountOwner',
      'bankAccount.useIban',
      'bankAccount.iban',
      'bankAccount.accountNumber',
      'bankAccount.bankCode',
      'bankAccount.bankName',
      'objective.policyStartDate',
      'billing.partner_code',
      ...captchaFields,
    ],
  },
  selling: {
    id: 'selling',
    route: '/selling',
    navLabel: 'Extras',
    forwardLabel: 'Weiter zu Extras',
    backLabel: 'Zurück zu Extras',
    fields: sellingFields,
  },
  check: {
    id: 'check',
    route: '/check',
    navLabel: 'Bestätigen',
    forwardLabel: 'Weiter zur Übersicht',
    backLabel: 'Zurück zur Übersicht',
    fields: [
      'objective.conditionsAccepted',
      'objective.privacyPolicyAccepted',
      'objective.shippingNotesAccepted',
    ],
  },
};

/** The last item of the top navigation, after the steps. */
export const finalNavLabel = 'FERTIG!';

export const isStepId = (s: string): s is StepId => (stepIds as readonly string[]).includes(s);

export function stepByRoute(route: string): StepId | undefined {
  const path = route.split('?')[0]?.replace(/\/+$/, '') ?? '';
  return stepIds.find((id) => steps[id].route === path);
}
