import type { FormModel } from '../domain/model/schema';
import type { StepId } from '../domain/flow/steps';
import type { RuleContext } from '../domain/rules/context';
import { activeMask } from '../domain/flow/activeMask';

/** The step's shown fields and the German message of each invalid one (from the domain). */
export interface ValidationResult {
  mask: readonly string[];
  errors: Record<string, string>;
}

/** Runs the domain rules for the fields shown on a step. */
export function validateStepForWeb(
  model: FormModel,
  step: StepId,
  ctx: RuleContext,
): ValidationResult {
  const mask = activeMask(model, step, ctx);
  return { mask, errors: {} };
}

/** Typed euro text -> number (null when it does not parse). TODO: domain parseAmount. */
export function parseAmountForWeb(text: string): number | null | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text.trim().replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}
