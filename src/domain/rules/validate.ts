import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import type { StepId } from '../flow/steps';
import { activeMask } from '../flow/activeMask';
import type { ErrorCode } from './codes';
import type { RuleContext } from './context';
import { checkField } from './fieldRules';

export type FieldErrors = Partial<Record<FieldPath, ErrorCode[]>>;

/** Validates the given fields (e.g. an active mask). */
export function validateFields(
  model: FormModel,
  fields: readonly FieldPath[],
  ctx: RuleContext,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of fields) {
    const codes = checkField(model, path, ctx);
    if (codes.length > 0) errors[path] = codes;
  }
  return errors;
}

/** Validates only the fields shown on the step now (activeMask). */
export function validateStep(model: FormModel, step: StepId, ctx: RuleContext): FieldErrors {
  return validateFields(model, activeMask(model, step, ctx), ctx);
}

/** Validates several steps (the server checks every step reached before the final submission). */
export function validateSteps(
  model: FormModel,
  steps: readonly StepId[],
  ctx: RuleContext,
): FieldErrors {
  return Object.assign({}, ...steps.map((s) => validateStep(model, s, ctx))) as FieldErrors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** A terminated contract excludes the application (DECISIONS.md): forward stays blocked. */
export function isBlockingExclusion(model: FormModel): boolean {
  return model.object?.isContractTerminated === true;
}
