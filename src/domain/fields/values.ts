// The values of the choice fields, as the model holds them (the web lists them in this order).

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
