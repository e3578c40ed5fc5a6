import type { Address, FormModel, Tenant } from './schema';

const address = (): Address => ({});
const tenant = (): Tenant => ({ nationality: 'DE', address: address() });

/** A fresh model with the defaults spec §3 names (digital guarantee, nationality DE, IBAN). */
export function defaultFormModel(): FormModel {
  return {
    billing: {},
    objective: { useDigitalGuarantee: true },
    object: { address: address() },
    firstTenant: tenant(),
    secondTenant: tenant(),
    landlord: { address: address() },
    bankAccount: { useIban: true },
    security: {},
    formHandling: {},
    selling: {},
    uce: {},
    activeMask: [],
  };
}
