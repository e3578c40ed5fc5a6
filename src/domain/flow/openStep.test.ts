import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { validateStep } from '../rules/validate';
import { defaultStepList } from './config';
import { firstOpenStep } from './openStep';
import type { StepId } from './steps';

const ctx: RuleContext = { today: '2026-03-15', reconfigured: false, reservation: false };
const open = (model: FormModel) => (step: StepId) => Object.keys(validateStep(model, step, ctx));

/** An accepted reservation: deposit, target and one tenant given. */
function reserved(): FormModel {
  const m = defaultFormModel();
  m.objective = { ...m.objective, deposit: 1500, target: 'newContract' };
  m.firstTenant = {
    ...m.firstTenant,
    gender: 'm',
    firstName: 'Max',
    lastName: 'Mustermann',
    birthdayDate: '15.04.1988',
    address: { street: 'Hauptstraße', number: '12a', zip: '10115', city: 'Berlin' },
    email: 'max@example.org',
    emailRepeat: 'max@example.org',
    phone: '03012345678',
    isCreditCheckApproved: true,
  };
  return m;
}

describe('firstOpenStep: where an application goes on', () => {
  test('after a reservation: the landlord, not the tenant form again', () => {
    expect(firstOpenStep(defaultStepList, open(reserved()))).toBe('landlord');
  });
  test('a tenant field still missing: the tenant step', () => {
    const m = reserved();
    m.firstTenant.phone = undefined;
    expect(firstOpenStep(defaultStepList, open(m))).toBe('tenant');
  });
  test('nothing given: the first step', () => {
    expect(firstOpenStep(defaultStepList, open(defaultFormModel()))).toBe('start');
  });
  test('security fields never hold it back; all done: the last step', () => {
    expect(
      firstOpenStep(['start', 'payment', 'check'], () => ['security.captchaResponseKey']),
    ).toBe('check');
    expect(firstOpenStep([], () => [])).toBeUndefined();
  });
});
