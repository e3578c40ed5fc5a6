import { defaultFormModel, type FormModel } from '../../../domain/index';

/**
 * The test personas of docs/test-personas.md as stored form models (what the API keeps in
 * applications.data). The credit-check simulation reads the last name; the rules read the
 * answers.
 */
export interface Persona {
  name: string;
  kind: 'contract' | 'reservation';
  expected: 'accepted' | 'declined' | 'pending';
  /** Whether an accepted outcome comes with a PDF in the e-mail. */
  pdfInMail: boolean;
  model: FormModel;
}

type Patch = {
  [K in keyof FormModel]?: FormModel[K] extends object ? Partial<FormModel[K]> : FormModel[K];
};

export function applicationModel(patch: Patch = {}): FormModel {
  const m = defaultFormModel();
  const base: FormModel = {
    ...m,
    objective: {
      ...m.objective,
      deposit: 1500,
      target: 'newContract',
      deliverTo: 'digital',
      paymentConditions: 12,
      useSecondTenant: false,
      privacyPolicyAccepted: true,
      conditionsAccepted: true,
      policyStartDate: '15.03.2026',
    },
    object: {
      address: { street: 'Kölner Straße', number: '12', zip: '50667', city: 'Köln' },
      contractSignDate: '20.03.2026',
      coldRent: 650,
      moveInDate: '01.04.2026',
      isContractLimited: false,
      isContractTerminated: false,
      hasPreinsurance: false,
      hasPredamage: false,
    },
    firstTenant: {
      ...m.firstTenant,
      gender: 'm',
      firstName: 'Max',
      lastName: 'Mustermann',
      birthdayDate: '01.05.1990',
      nationality: 'DE',
      email: 'max@example.org',
      phone: '+4930123456',
      address: { street: 'Altbauweg', number: '3', zip: '80331', city: 'München' },
      isCreditCheckApproved: true,
    },
    landlord: {
      formOfAddress: 'f',
      firstName: 'Erika',
      lastName: 'Größe',
      address: { street: 'Hauptstraße', number: '1', zip: '10117', city: 'Berlin' },
    },
    bankAccount: { useIban: true, accountOwner: 'firstTenant', iban: 'DE89370400440532013000' },
  };
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    const b = (base as Record<string, unknown>)[k];
    out[k] = b && typeof b === 'object' && !Array.isArray(b) ? { ...b, ...(v as object) } : v;
  }
  return out as FormModel;
}

const tenant = (lastName: string, firstName: string, email: string, gender: 'm' | 'f' = 'f') => ({
  ...applicationModel().firstTenant,
  gender,
  firstName,
  lastName,
  email,
});

export const personas: Persona[] = [
  {
    name: 'Max Mustermann (accepted, digital)',
    kind: 'contract',
    expected: 'accepted',
    pdfInMail: true,
    model: applicationModel(),
  },
  {
    name: 'Jürgen Weiß (accepted, by post)',
    kind: 'contract',
    expected: 'accepted',
    pdfInMail: false,
    model: applicationModel({
      objective: { deliverTo: 'legalAddress' },
      firstTenant: tenant('Weiß', 'Jürgen', 'juergen@example.org', 'm'),
    }),
  },
  {
    name: 'Anna Abgelehnt (credit declined)',
    kind: 'contract',
    expected: 'declined',
    pdfInMail: false,
    model: applicationModel({ firstTenant: tenant('Abgelehnt', 'Anna', 'anna@example.org') }),
  },
  {
    name: 'Paula Prüfung (credit review)',
    kind: 'contract',
    expected: 'pending',
    pdfInMail: false,
    model: applicationModel({ firstTenant: tenant('Prüfung', 'Paula', 'paula@example.org') }),
  },
  {
    name: 'Peter Pruefung (credit review)',
    kind: 'contract',
    expected: 'pending',
    pdfInMail: false,
    model: applicationModel({ firstTenant: tenant('Pruefung', 'Peter', 'peter@example.org', 'm') }),
  },
  {
    name: 'co-tenant Abgelehnt (declined)',
    kind: 'contract',
    expected: 'declined',
    pdfInMail: false,
    model: applicationModel({
      objective: { useSecondTenant: true },
      secondTenant: tenant('Abgelehnt', 'Bert', 'bert@example.org', 'm'),
    }),
  },
  {
    name: 'pre-damage (pending)',
    kind: 'contract',
    expected: 'pending',
    pdfInMail: false,
    model: applicationModel({ object: { hasPredamage: true, predamageDetail: 'Wasserschaden' } }),
  },
  {
    name: 'deposit 20,000 (pending)',
    kind: 'contract',
    expected: 'pending',
    pdfInMail: false,
    model: applicationModel({ objective: { deposit: 20_000, deliverTo: 'legalAddress' } }),
  },
  {
    name: 'existing contract, late rent (declined)',
    kind: 'contract',
    expected: 'declined',
    pdfInMail: false,
    model: applicationModel({
      objective: { target: 'retrieveDeposit' },
      object: {
        isRentPaidUnpunctual: true,
        isDepositPaidCompletely: true,
        isDepositConsumed: false,
        isObjectDamaged: false,
      },
    }),
  },
  {
    name: 'existing contract, object damaged (pending)',
    kind: 'contract',
    expected: 'pending',
    pdfInMail: false,
    model: applicationModel({
      objective: { target: 'retrieveDeposit' },
      object: {
        isRentPaidUnpunctual: false,
        isDepositPaidCompletely: true,
        isDepositConsumed: false,
        isObjectDamaged: true,
      },
    }),
  },
  {
    name: 'Rita Reserviert (reservation accepted)',
    kind: 'reservation',
    expected: 'accepted',
    pdfInMail: true,
    model: applicationModel({ firstTenant: tenant('Reserviert', 'Rita', 'rita@example.org') }),
  },
  {
    name: 'Rolf Abgelehnt (reservation declined)',
    kind: 'reservation',
    expected: 'declined',
    pdfInMail: false,
    model: applicationModel({ firstTenant: tenant('Abgelehnt', 'Rolf', 'rolf@example.org', 'm') }),
  },
];
