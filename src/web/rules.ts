import type { FormModel } from '../domain/model/schema';
import type { FieldPath } from '../domain/model/paths';
import type { StepId } from '../domain/flow/steps';
import type { RuleContext } from '../domain/rules/context';
import { activeMask } from '../domain/flow/activeMask';
import { validateFields } from '../domain/rules/validate';
import { parseAmount } from '../domain/wire/values';
import { errorMessage } from './text';

/** The step's shown fields and the German message of each invalid one (from the domain). */
export interface ValidationResult {
  mask: readonly string[];
  errors: Record<string, string>;
}

/** Runs the domain rules for the fields shown on a step; the first code of a field is shown. */
export function validateStepForWeb(
  model: FormModel,
  step: StepId,
  ctx: RuleContext,
): ValidationResult {
  const mask = activeMask(model, step, ctx);
  const errors: Record<string, string> = {};
  for (const [path, codes] of Object.entries(validateFields(model, mask as FieldPath[], ctx))) {
    const code = codes?.[0];
    if (code) errors[path] = errorMessage(path, code);
  }
  return { mask, errors };
}

/**
 * Typed euro text -> model value with the domain's parser: undefined when empty, NaN when it
 * does not parse (the rules then say 'invalidNumber' instead of 'required'; the draft keeps the text).
 */
export function parseAmountForWeb(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return parseAmount(text) ?? Number.NaN;
}
