import { describe, expect, it } from 'vitest';
import { identificationErrors } from './identification';

describe('identification of the after-sale forms: one rule for the page and the server', () => {
  it.each([
    [{ contractNumber: 'MK-2026-000042', email: 'mia@example.org' }, {}],
    [{ contractNumber: ' mk-2026-000042 ', email: ' Mia@Example.org ' }, {}],
    [{ contractNumber: 'TEST-MK-2026-000001', email: 'mia@example.org' }, {}],
    [
      { contractNumber: '', email: '' },
      { contractNumber: 'required', email: 'required' },
    ],
    [
      { contractNumber: 'MR-2026-000007', email: 'mia@example' },
      { contractNumber: 'invalid', email: 'invalid' },
    ],
    [
      { contractNumber: 'MK-2026-42', email: 'mia@example.c' },
      { contractNumber: 'invalid', email: 'invalid' },
    ],
    [
      { contractNumber: 'MK-2026-000042', email: `${'a'.repeat(243)}@example.org` },
      { email: 'invalid' },
    ],
  ])('%j -> %j', (values, want) => expect(identificationErrors(values)).toEqual(want));

  it('without the number only the e-mail counts', () => {
    expect(identificationErrors({ email: 'mia@example.org' }, false)).toEqual({});
  });
});
