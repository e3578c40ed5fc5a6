import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import type { ErrorCode } from './codes';
import type { RuleContext } from './context';
import { baseRules, checkFieldWith, type RuleBook } from './baseRules';
import { tableRules } from './tableRules';

export { type RuleBook } from './baseRules';
export { normalizeIban } from './tableRules';

/**
 * The whole rule book: what each field must satisfy when it is shown (spec §5 and §9). Two parts
 * (ADR 0807): baseRules.ts, and tableRules.ts with the checks that need large tables, which the
 * web loads only where those fields are shown.
 */
export const fieldRules: RuleBook = { ...baseRules, ...tableRules };

/** Checks one field against its rule; returns the first failing code (required, length, format, ...). */
export const checkField = (model: FormModel, path: FieldPath, ctx: RuleContext): ErrorCode[] =>
  checkFieldWith(fieldRules, model, path, ctx);
