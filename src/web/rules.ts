import type { FormModel } from '../domain/model/schema';
import type { FieldPath } from '../domain/model/paths';
import type { StepId } from '../domain/flow/steps';
import type { RuleContext } from '../domain/rules/context';
import { activeMask } from '../domain/flow/activeMask';
import { baseRules, checkFieldWith, type RuleBook } from '../domain/rules/baseRules';
import { tableRulePaths } from '../domain/rules/tablePaths';
import { parseAmount } from '../domain/wire/values';
import { errorMessage } from './text';
import { importChunk } from './app/lazyRoute';

/** The step's shown fields and the German message of each invalid one (from the domain). */
export interface ValidationResult {
  mask: readonly FieldPath[];
  errors: Partial<Record<FieldPath, string>>;
  /**
   * Set while the step shows a field whose check is in the domain's tableRules.ts and that part
   * is still loading: the form waits for it (StepPage), so no field is ever judged by half a rule.
   */
  pending?: Promise<void>;
}

// ADR 0807: the checks that need the IBAN registry and the country list are a chunk of their own,
// loaded by the first step that shows such a field (the route preloads name it for those steps).
let rules: RuleBook = baseRules;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();
const needsTables = (mask: readonly string[]) =>
  (tableRulePaths as readonly string[]).some((p) => mask.includes(p));

/** Loads the table checks once (spec §9 time-out; a failure shows the chunk error's reload). */
export function loadRuleTables(): Promise<void> {
  loading ??= importChunk(() => import('../domain/rules/tableRules')).then((m) => {
    rules = { ...baseRules, ...m.tableRules };
    for (const l of listeners) l();
  });
  return loading;
}
/** For useSyncExternalStore: the rule book changes once, when the tables arrive. */
export const subscribeRules = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
export const currentRules = (): RuleBook => rules;

/** Runs the domain rules for the fields shown on a step; the first code of a field is shown. */
export function validateStepForWeb(
  model: FormModel,
  step: StepId,
  ctx: RuleContext,
  book: RuleBook = rules,
): ValidationResult {
  const mask = activeMask(model, step, ctx);
  const errors: Record<string, string> = {};
  for (const path of mask as FieldPath[]) {
    const code = checkFieldWith(book, model, path, ctx)[0];
    if (code) errors[path] = errorMessage(path, code);
  }
  return book === baseRules && needsTables(mask)
    ? { mask, errors, pending: loadRuleTables() }
    : { mask, errors };
}

/**
 * Typed euro text -> model value with the domain's parser: undefined when empty, NaN when it
 * does not parse (the rules then say 'invalidNumber' instead of 'required'; the draft keeps the text).
 */
export function parseAmountForWeb(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return parseAmount(text) ?? Number.NaN;
}
