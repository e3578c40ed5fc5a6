import {
  activeMask,
  hasErrors,
  validateSteps,
  type FieldErrors,
  type FieldPath,
  type FormModel,
  type RuleContext,
  type StepId,
} from '../rulebook';

/** Which steps a save checks: its own, or all of them for the final one. */
export interface SaveScope {
  /** The application's steps, in order. */
  steps: StepId[];
  /** The step saved; undefined: a partner's system sends the whole application in one call. */
  step: StepId | undefined;
  /** The last step (or no step): the save submits the application when nothing is wrong. */
  final: boolean;
  stepsToCheck: StepId[];
}

export function saveScope(steps: StepId[], step: StepId | undefined): SaveScope {
  const final = step === undefined || step === steps[steps.length - 1];
  return { steps, step, final, stepsToCheck: final ? steps : [step!] };
}

/** Does one of the checked steps show the captcha (then the submission checks must verify it)? */
export function showsCaptcha(model: FormModel, scope: SaveScope, ctx: RuleContext): boolean {
  return scope.stepsToCheck.some((s) =>
    activeMask(model, s, ctx).includes('security.captchaResponseKey' as FieldPath),
  );
}

/** Errors found outside the field rules: they join the rules' errors. */
export interface OtherErrors {
  /** Captcha and bot checks (they alone speak for the security fields). */
  security: FieldErrors;
  /** Partner and sub-partner codes checked against the partner table (ADR 0700). */
  attribution: FieldErrors;
  /** Values that could not be stored. */
  refused: FieldErrors;
}

export interface Verdict {
  errors: FieldErrors;
  /** The steps reached after this save: the saved step joins them when it has no errors. */
  reached: StepId[];
  /** The final save without errors: the application is submitted. */
  submits: boolean;
  /** A final save with errors: the first step that shows one (when it is not the saved step). */
  skipTo: StepId | null;
}

/**
 * The domain's field rules on the merged model for the save's scope, joined with the errors found
 * outside them (no I/O). The save stores the model even with errors and answers them field by
 * field; only a final save without errors submits.
 */
export function validateSave(
  model: FormModel,
  scope: SaveScope,
  ctx: RuleContext,
  found: OtherErrors & { reachedBefore: readonly StepId[] },
): Verdict {
  const { step, final } = scope;
  const ruleErrors = Object.fromEntries(
    // Field errors of security fields come from the checks, not the field rules.
    Object.entries(validateSteps(model, scope.stepsToCheck, ctx)).filter(
      ([p]) => !p.startsWith('security.'),
    ),
  ) as FieldErrors;
  const errors = { ...ruleErrors, ...found.security, ...found.attribution, ...found.refused };
  const failed = hasErrors(errors);
  const reached =
    !failed && step && !found.reachedBefore.includes(step)
      ? [...found.reachedBefore, step]
      : [...found.reachedBefore];
  // Only a final submission answers skip_to; a step save need not walk every step's mask.
  const firstErrorStep =
    final && failed
      ? scope.steps.find((s) =>
          activeMask(model, s, ctx).some((p) => (errors as Record<string, unknown>)[p]),
        )
      : undefined;
  return {
    errors,
    reached,
    submits: final && !failed,
    skipTo: firstErrorStep && firstErrorStep !== step ? firstErrorStep : null,
  };
}
