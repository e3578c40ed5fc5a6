import { describe, expect, test } from 'vitest';
import { firstMandateReferenceOf, nextMandateReference } from './credentials';

// ADR 0832: the first mandate's reference comes from the application id (named on the check
// step); an IBAN change grants a new mandate numbered after the contract.
describe('the mandate after an IBAN change', () => {
  const first = firstMandateReferenceOf('3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b');
  test.each([
    // The first reference ends in "-NM" here, in "-74" for other ids: never read as a count.
    [first, 'MK-2026-000042-02'],
    [firstMandateReferenceOf('ffffffff-ffff-ffff-ffff-ffffffffffff'), 'MK-2026-000042-02'],
    ['MK-2026-000042-01', 'MK-2026-000042-02'],
    ['MK-2026-000042-02', 'MK-2026-000042-03'],
    ['MK-2026-000042-09', 'MK-2026-000042-10'],
    ['MK-2026-000042-x', 'MK-2026-000042-02'],
  ])('%s -> %s', (current, next) =>
    expect(nextMandateReference('MK-2026-000042', current)).toBe(next),
  );
});
