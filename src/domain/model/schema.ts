import * as z from 'zod/mini';

// The checkout form model of spec §3, as the browser holds it. Every leaf is optional: a value that
// was never entered is undefined (booleans: null or undefined = unanswered). Text and dates are
// strings exactly as typed (dates 'TT.MM.JJJJ'); deposit and cold rent are numbers in euros
// (the web parses the typed text with parseAmount before storing it).
const text = z.optional(z.string());
const date = z.optional(z.string());
const yesNo = z.optional(z.nullable(z.boolean()));
const amount = z.optional(z.nullable(z.number()));

const addressSchema = z.object({ street: text, number: text, zip: text, city: text });

export const targetValues = ['newContract', 'retrieveDeposit'] as const;
/** Spelling of the spec kept on purpose: 'objectAddresss' has three s. */
export const deliverToValues = [
  'objectAddresss',
  'legalAddress',
  'landlordAddress',
  'digital',
] as const;
export const paymentConditionValues = [1, 2, 4, 12] as const;
export const genderValues = ['m', 'f'] as const;
export const formOfAddressValues = ['m', 'f', 'company'] as const;
export const accountOwnerValues = ['firstTenant', 'secondTenant'] as const;
export const preinsuranceQuitByValues = ['tenant', 'insurer'] as const;

const tenantSchema = z.object({
  gender: z.optional(z.enum(genderValues)),
  firstName: text,
  lastName: text,
  birthdayDate: date,
  nationality: text,
  email: text,
  /** Repeated e-mail (spec §5 "e-mail repeat mismatch"); never stored beyond the step. */
  emailRepeat: text,
  phone: text,
  address: addressSchema,
  isCreditCheckApproved: yesNo,
  id: text,
});

export const formModelSchema = z.object({
  billing: z.object({ partner_code: text, hide_partner_code: yesNo }),
  objective: z.object({
    deposit: amount,
    target: z.optional(z.enum(targetValues)),
    useSecondTenant: yesNo,
    deliverTo: z.optional(z.enum(deliverToValues)),
    useDigitalGuarantee: yesNo,
    paymentConditions: z.optional(z.literal(paymentConditionValues)),
    privacyPolicyAccepted: yesNo,
    conditionsAccepted: yesNo,
    /** Versandhinweise (posted guarantee): accepted on the check step when not digital. */
    shippingNotesAccepted: yesNo,
    policyStartDate: date,
  }),
  object: z.object({
    address: addressSchema,
    contractSignDate: date,
    coldRent: amount,
    moveInDate: date,
    isContractLimited: yesNo,
    contractLimitDate: date,
    isContractTerminated: yesNo,
    isRentPaidUnpunctual: yesNo,
    isDepositPaidCompletely: yesNo,
    isDepositConsumed: yesNo,
    isObjectDamaged: yesNo,
    hasPreinsurance: yesNo,
    preinsuranceCompany: text,
    preinsuranceId: text,
    preinsuranceQuitBy: z.optional(z.enum(preinsuranceQuitByValues)),
    hasPredamage: yesNo,
    predamageDetail: text,
  }),
  firstTenant: tenantSchema,
  secondTenant: tenantSchema,
  landlord: z.object({
    formOfAddress: z.optional(z.enum(formOfAddressValues)),
    landlordName: text,
    firstName: text,
    lastName: text,
    companyName: text,
    companyNameAddition: text,
    address: addressSchema,
    id: text,
  }),
  bankAccount: z.object({
    useIban: yesNo,
    accountOwner: z.optional(z.enum(accountOwnerValues)),
    iban: text,
    accountNumber: text,
    bankCode: text,
    bankName: text,
  }),
  security: z.object({ captchaResponseKey: text, pb: text, pbt: text, pbk: text }),
  formHandling: z.object({ forceToShowErrors: yesNo, contractState: text, interactiveLock: yesNo }),
  selling: z.object({
    keySafeing: yesNo,
    keyFinder: yesNo,
    wechselpilot: yesNo,
    mailForwarding: yesNo,
    immoscout: yesNo,
    immoscout_area: text,
    preisboerse: yesNo,
    preisboerse_time: text,
    selfStorage: yesNo,
    movePackage: yesNo,
    MieterEngel: yesNo,
    MieterEngel_phone: text,
  }),
  uce: z.object({ subPartnerCode: text }),
  activeMask: z.array(z.string()),
  cid: text,
});

export type FormModel = z.infer<typeof formModelSchema>;
export type Address = z.infer<typeof addressSchema>;
export type Tenant = z.infer<typeof tenantSchema>;
export type PaymentConditions = (typeof paymentConditionValues)[number];

export type DeepPartial<T> = T extends readonly (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
