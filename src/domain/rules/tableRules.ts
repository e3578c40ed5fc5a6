import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isCountryCode } from '../countries/codes';
import { str, type Check, type FieldRule } from './baseRules';
import * as limits from './limits';
import type { tableRulePaths } from './tablePaths';

// The checks that need large tables (ADR 0807); fieldRules.ts joins them to baseRules.ts.

/** IBAN without spaces, upper case ('de89 3704...' -> 'DE893704...'). */
export const normalizeIban = (v: string): string =>
  electronicFormatIBAN(v) ?? v.replace(/\s+/g, '');

/** The IBAN rule on its own (also the landlord's IBAN of a claim, issue 26). */
export function ibanProblem(v: string): 'maxLength' | 'invalid' | 'notAllowedCountry' | undefined {
  const e = normalizeIban(v);
  if (e.length > 34) return 'maxLength';
  if (!isValidIBAN(e)) return 'invalid';
  return (limits.allowedIbanCountries as readonly string[]).includes(e.slice(0, 2))
    ? undefined
    : 'notAllowedCountry';
}

const iban: Check = (v) => ibanProblem(str(v));

const nationality: Check = (v) => (isCountryCode(str(v)) ? undefined : 'unknownCountry');

export const tableRules: Record<(typeof tableRulePaths)[number], FieldRule> = {
  'bankAccount.iban': { required: 'value', checks: [iban] },
  'firstTenant.nationality': { required: 'value', checks: [nationality] },
  'secondTenant.nationality': { required: 'value', checks: [nationality] },
};
