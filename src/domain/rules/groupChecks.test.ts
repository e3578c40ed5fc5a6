import { describe, expect, it } from 'vitest';
import { groupChecks, type Check, type FieldChecks } from './baseRules';

// The rule book is keyed by paths the compiler checks (issue 29): `tsc` fails on each line below
// an @ts-expect-error if the typo it marks were accepted (an unused @ts-expect-error is an error).

const never: Check = () => undefined;

describe('rule paths are checked by tsc', () => {
  it('groupChecks prefixes the names of a group', () => {
    expect(groupChecks('firstTenant', { phone: [never], 'address.zip': [never] })).toEqual({
      'firstTenant.phone': [never],
      'firstTenant.address.zip': [never],
    });
    expect(groupChecks('landlord.address', { city: [never] })).toEqual({
      'landlord.address.city': [never],
    });
  });

  it('a misspelt field, group or path fails tsc', () => {
    // @ts-expect-error 'phon' is no field of a tenant
    const field = groupChecks('firstTenant', { phon: [never] });
    // @ts-expect-error 'adress' is no group of the model
    const group = groupChecks('firstTenant.adress', { zip: [never] });
    // @ts-expect-error a field of the address, not of the tenant
    const level = groupChecks('firstTenant', { zip: [never] });
    const table: FieldChecks = {
      'firstTenant.phone': [never],
      // @ts-expect-error a literal path of the rule book
      'firstTenant.phon': [never],
    };
    expect([field, group, level, Object.keys(table)]).toHaveLength(4);
  });
});
