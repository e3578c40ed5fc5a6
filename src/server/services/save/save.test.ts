import { describe, expect, it } from 'vitest';
import {
  defaultAppConfig,
  defaultFormModel,
  setField,
  stepList,
  type RuleContext,
} from '../rulebook';
import { wireCodecs } from '../wire';
import { mergeChanges } from './merge';
import { saveScope, validateSave } from './validate';

// The save's merge and validate steps need no database: the stored model goes in, a model and a
// verdict come out (ADR 0307). The API tests cover the same behaviour through HTTP.
const codec = wireCodecs(false).new;
const steps = stepList(defaultAppConfig, { reservation: false, hasVmAndUvm: false });
const ctx: RuleContext = {
  today: '2026-03-02',
  reconfigured: false,
  reservation: false,
  stepList: steps,
};
const startBody = {
  rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
  digitalGuarantee: 'true',
};
const merge = (stored: ReturnType<typeof defaultFormModel>, body: unknown, step?: 'start') =>
  mergeChanges(stored, {
    decoded: codec.decode(body),
    step,
    ctx,
    partner: null,
    tenantTerms: {},
    earlierDefaults: [],
  });

describe('mergeChanges', () => {
  it('takes the sent values over the stored ones', () => {
    const stored = setField(defaultFormModel(), 'objective.deposit', 900);
    const { model, refused } = merge(stored, startBody, 'start');
    expect(model.objective.deposit).toBe(1500);
    expect(refused).toEqual({});
  });

  it("empties a field of the step's body that was not sent, and keeps other steps' fields", () => {
    const stored = setField(
      setField(defaultFormModel(), 'objective.deposit', 900),
      'firstTenant.lastName',
      'Muster',
    );
    const { model } = merge(stored, { digitalGuarantee: 'true' }, 'start');
    expect(model.objective.deposit).toBeUndefined();
    expect(model.firstTenant.lastName).toBe('Muster');
  });

  it('empties nothing without a step (a whole application in one call)', () => {
    const stored = setField(defaultFormModel(), 'objective.deposit', 900);
    expect(merge(stored, { digitalGuarantee: 'true' }).model.objective.deposit).toBe(900);
  });
});

describe('validateSave', () => {
  const none = { security: {}, attribution: {}, refused: {}, reachedBefore: [] };

  it('a step without errors is reached; it does not submit', () => {
    const { model } = merge(defaultFormModel(), startBody, 'start');
    const verdict = validateSave(model, saveScope(steps, 'start'), ctx, none);
    expect(verdict).toEqual({ errors: {}, reached: ['start'], submits: false, skipTo: null });
  });

  it('a step with errors answers them and is not reached; checks outside the rules join them', () => {
    const { model } = merge(defaultFormModel(), { digitalGuarantee: 'true' }, 'start');
    const verdict = validateSave(model, saveScope(steps, 'start'), ctx, {
      ...none,
      attribution: { 'billing.partner_code': ['unknownPartner'] },
    });
    expect(verdict.errors['objective.deposit']).toBeDefined();
    expect(verdict.errors['billing.partner_code']).toEqual(['unknownPartner']);
    expect(verdict.reached).toEqual([]);
    expect(verdict.submits).toBe(false);
  });

  it('the final save with errors does not submit and answers the first step with one', () => {
    const { model } = merge(defaultFormModel(), startBody);
    const verdict = validateSave(model, saveScope(steps, undefined), ctx, none);
    expect(verdict.submits).toBe(false);
    expect(verdict.skipTo).not.toBeNull();
    expect(steps).toContain(verdict.skipTo);
  });
});
