import { describe, expect, test } from 'vitest';
import { defaultFormModel } from './defaults';
import { fieldPaths, getField, setField } from './paths';
import { formModelSchema } from './schema';

describe('form model', () => {
  test('defaults of spec §3 and a valid shape', () => {
    const m = defaultFormModel();
    expect(formModelSchema.safeParse(m).success).toBe(true);
    expect(m.objective.useDigitalGuarantee).toBe(true);
    expect(m.firstTenant.nationality).toBe('DE');
    expect(m.secondTenant.nationality).toBe('DE');
    expect(m.bankAccount.useIban).toBe(true);
  });
  test('the schema refuses wrong values', () => {
    const m = defaultFormModel();
    expect(
      formModelSchema.safeParse({ ...m, objective: { deliverTo: 'objectAddress' } }).success,
    ).toBe(false);
    expect(formModelSchema.safeParse({ ...m, objective: { paymentConditions: 3 } }).success).toBe(
      false,
    );
  });
  test('spec spelling objectAddresss is accepted', () => {
    const m = defaultFormModel();
    expect(
      formModelSchema.safeParse({ ...m, objective: { deliverTo: 'objectAddresss' } }).success,
    ).toBe(true);
  });
  test('setField is immutable and shares untouched groups', () => {
    const a = defaultFormModel();
    const b = setField(a, 'firstTenant.address.zip', '10115');
    expect(getField(b, 'firstTenant.address.zip')).toBe('10115');
    expect(getField(a, 'firstTenant.address.zip')).toBeUndefined();
    expect(b.landlord).toBe(a.landlord);
    expect(b.firstTenant).not.toBe(a.firstTenant);
  });
  test('every field path resolves on the default model', () => {
    expect(fieldPaths.length).toBeGreaterThan(90);
    for (const p of fieldPaths) expect(() => getField(defaultFormModel(), p)).not.toThrow();
  });
});
