import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { validateStep } from '../rules/validate';
import { activeMask } from './activeMask';
import { defaultStepList } from './config';
import { saveForLaterMask } from './saveForLater';
import type { StepId } from './steps';

const ctx: RuleContext = { today: '2026-03-15', reconfigured: false, reservation: false };

/** The server's merge: a shown field of the step that was not sent is emptied. */
function savedForLater(model: FormModel, step: StepId, c: RuleContext, last: boolean) {
  const mask = activeMask(model, step, c);
  const sent = new Set(saveForLaterMask(mask, last));
  const stored = structuredClone(model) as unknown as Record<string, Record<string, unknown>>;
  for (const path of mask.filter((p) => !sent.has(p))) {
    const [group, key] = path.split('.') as [string, string];
    if (stored[group]) delete stored[group][key];
  }
  return stored as unknown as FormModel;
}

describe("'Später fortfahren' saves the step without submitting it", () => {
  test('captcha and bot fields are never sent; a middle step keeps everything else', () => {
    const mask = activeMask(defaultFormModel(), 'payment', ctx);
    const later = saveForLaterMask(mask, false);
    expect(later.some((p) => p.startsWith('security.'))).toBe(false);
    expect(later).toEqual(mask.filter((p) => !p.startsWith('security.')));
  });

  test.each([
    ['check', ctx, ['objective.conditionsAccepted', 'objective.privacyPolicyAccepted']],
    [
      'tenant',
      { ...ctx, reservation: true },
      ['objective.privacyPolicyAccepted', 'firstTenant.isCreditCheckApproved'],
    ],
  ] as const)(
    'last step %s: the ticked consents stay out, so the save cannot submit',
    (step, c, consents) => {
      const model = defaultFormModel();
      model.objective.conditionsAccepted = true;
      model.objective.privacyPolicyAccepted = true;
      model.objective.shippingNotesAccepted = true;
      model.firstTenant.isCreditCheckApproved = true;
      const later = saveForLaterMask(activeMask(model, step, c), true);
      for (const consent of consents) expect(later).not.toContain(consent);
      const errors = validateStep(savedForLater(model, step, c, true), step, c);
      for (const consent of consents) expect(errors[consent]).toBeDefined();
    },
  );

  test('the last step of the default list is the check step', () => {
    expect(defaultStepList.at(-1)).toBe('check');
  });
});
