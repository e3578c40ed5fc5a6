import type { Outcome } from './rules';

/** What a credit bureau gets: the tenants who consented, nothing else from the application. */
export interface CreditSubject {
  firstName: string;
  lastName: string;
  /** TT.MM.JJJJ as entered. */
  birthdayDate: string;
  street: string;
  number: string;
  zip: string;
  city: string;
}

/**
 * The adapter a real credit bureau is plugged into. It answers per application (all tenants);
 * throwing means "try again later" (the job retries), never "declined".
 */
export interface CreditCheck {
  readonly name: string;
  check(tenants: CreditSubject[]): Promise<Outcome>;
}

const normalise = (s: string) => s.trim().toLocaleLowerCase('de-DE');
const declinedNames = ['abgelehnt'];
const pendingNames = ['pruefung', 'prüfung'];

/**
 * The built-in deterministic simulation, documented like a payment provider's test cards
 * (docs/test-personas.md): a tenant with last name "Abgelehnt" is declined, "Pruefung" or
 * "Prüfung" goes to manual review, anyone else passes.
 */
export const simulatedCreditCheck: CreditCheck = {
  name: 'simulation',
  async check(tenants) {
    const names = tenants.map((t) => normalise(t.lastName));
    if (names.some((n) => declinedNames.includes(n))) return 'declined';
    if (names.some((n) => pendingNames.includes(n))) return 'pending';
    return 'accepted';
  },
};
