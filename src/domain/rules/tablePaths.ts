import type { FieldPath } from '../model/paths';

/**
 * The fields whose checks need large tables (the IBAN registry of ibantools, the ISO country
 * list): tableRules.ts holds those checks, so the web loads them only on steps showing these
 * fields (ADR 0807). Its own module: vite.config.ts reads it for the route preloads.
 */
export const tableRulePaths = [
  'bankAccount.iban',
  'firstTenant.nationality',
  'secondTenant.nationality',
] as const satisfies readonly FieldPath[];
