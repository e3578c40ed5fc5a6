import {
  defaultTariff,
  rates,
  type FormModel,
  type PaymentConditions,
  type Tariff,
} from '../../domain/index';
import type { CreditSubject } from './creditCheck';

export interface Person {
  gender: 'm' | 'f' | undefined;
  firstName: string;
  lastName: string;
  address: string;
}

export interface ApplicationFacts {
  tenants: Person[];
  landlord: { name: string; address: string };
  objectAddress: string;
  deposit: number;
  paymentConditions: PaymentConditions;
  digital: boolean;
  email: string | undefined;
  premium: { ratePerPaymentCents: number; ratePerYearCents: number; adverb: string };
}

const join = (...parts: Array<string | undefined>) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');

export function formatAddress(a: {
  street?: string;
  number?: string;
  zip?: string;
  city?: string;
}): string {
  const line1 = join(a.street, a.number);
  const line2 = join(a.zip, a.city);
  return [line1, line2].filter(Boolean).join(', ');
}

function landlordName(m: FormModel): string {
  const l = m.landlord;
  if (l.formOfAddress === 'company') return join(l.companyName, l.companyNameAddition);
  const title = l.formOfAddress === 'f' ? 'Frau' : l.formOfAddress === 'm' ? 'Herr' : undefined;
  return join(title, l.firstName, l.lastName || l.landlordName);
}

/** Everything documents, e-mails and the credit check need, derived once from the model. */
export function factsOf(m: FormModel, tariff: Tariff = defaultTariff): ApplicationFacts {
  const tenantModels = [m.firstTenant, ...(m.objective.useSecondTenant ? [m.secondTenant] : [])];
  const tenants = tenantModels
    .filter((t) => (t.lastName ?? '').trim() !== '')
    .map((t) => ({
      gender: t.gender,
      firstName: (t.firstName ?? '').trim(),
      lastName: (t.lastName ?? '').trim(),
      address: formatAddress(t.address),
    }));
  const deposit = m.objective.deposit ?? 0;
  const paymentConditions = m.objective.paymentConditions ?? 12;
  const rate = rates(deposit, tariff)[paymentConditions];
  const digital = m.objective.deliverTo === 'digital';
  return {
    tenants,
    landlord: { name: landlordName(m), address: formatAddress(m.landlord.address) },
    objectAddress: formatAddress(m.object.address),
    deposit,
    paymentConditions,
    digital,
    email: m.firstTenant.email?.trim() || undefined,
    premium: {
      ratePerPaymentCents: Math.round(rate.rate_per_payment * 100),
      ratePerYearCents: Math.round(rate.rate_per_year * 100),
      adverb: rate.i18n_adverb,
    },
  };
}

/** The tenants for the credit check (their consent is a required field, checked on submission). */
export function creditSubjects(m: FormModel): CreditSubject[] {
  const tenantModels = [m.firstTenant, ...(m.objective.useSecondTenant ? [m.secondTenant] : [])];
  return tenantModels
    .filter((t) => (t.lastName ?? '').trim() !== '')
    .map((t) => ({
      firstName: t.firstName ?? '',
      lastName: t.lastName ?? '',
      birthdayDate: t.birthdayDate ?? '',
      street: t.address.street ?? '',
      number: t.address.number ?? '',
      zip: t.address.zip ?? '',
      city: t.address.city ?? '',
    }));
}
