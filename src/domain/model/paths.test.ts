import { describe, expect, test } from 'vitest';
import { defaultFormModel } from './defaults';
import { fieldPaths, getField, setField, setFields, type FieldPath } from './paths';
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
  test('setFields is setField one after the other, copying each group once', () => {
    const a = defaultFormModel();
    const cases: [FieldPath, unknown][][] = [
      [],
      [['firstTenant.address.zip', '10115']],
      [
        ['firstTenant.address.zip', '10115'],
        ['firstTenant.address.city', 'Berlin'],
        ['firstTenant.firstName', 'Erika'],
        ['landlord.lastName', 'Haus'],
      ],
      // a later change of the same field wins; undefined empties it
      [
        ['firstTenant.address.zip', '10115'],
        ['firstTenant.address.zip', undefined],
      ],
      // every field at once
      fieldPaths.map((p, i) => [p, `v${i}`]),
    ];
    for (const changes of cases) {
      const one = changes.reduce((m, [p, v]) => setField(m, p, v as never), a);
      const batch = setFields(a, changes);
      expect(batch).toEqual(one);
      expect(a).toEqual(defaultFormModel()); // the input is never changed
    }
    const b = setFields(a, [
      ['firstTenant.address.zip', '10115'],
      ['firstTenant.address.city', 'Berlin'],
    ]);
    expect(b.landlord).toBe(a.landlord);
    expect(b.firstTenant.address).not.toBe(a.firstTenant.address);
  });
  test('every field path resolves on the default model', () => {
    expect(fieldPaths.length).toBeGreaterThan(90);
    for (const p of fieldPaths) expect(() => getField(defaultFormModel(), p)).not.toThrow();
  });
});
