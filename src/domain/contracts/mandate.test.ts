import { describe, expect, test } from 'vitest';
import { firstMandateReference, isSepaMandateReference } from './mandate';

// DECISIONS.md, check step: "the SEPA direct-debit mandate text with creditor identifier and
// mandate reference" - formed before the contract number exists (ADR 0832).
describe('mandate reference named on the check step', () => {
  test.each([
    ['00000000-0000-0000-0000-000000000000', 'MK-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AA'],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'MK-7777-7777-7777-7777-7777-7777-74'],
    // Expected values from Python's base64.b32encode(uuid.UUID(id).bytes), in groups of four.
    ['3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', 'MK-H4VJ-YHS3-PVHI-7GQL-DQWT-4T22-NM'],
  ])('%s -> %s', (id, reference) => {
    expect(firstMandateReference(id)).toBe(reference);
    expect(isSepaMandateReference(reference)).toBe(true);
    expect(reference).toHaveLength(35);
  });

  test.each([
    '',
    'MK-2026-000042',
    '3f2a9c1e5b7d4e8f9a0b1c2d3e4f5a6b',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  ])('no reference for %j', (id) => expect(firstMandateReference(id)).toBeUndefined());

  test('the same id gives the same reference; different ids different ones', () => {
    const a = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
    const b = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6c';
    expect(firstMandateReference(a)).toBe(firstMandateReference(a.toUpperCase()));
    expect(firstMandateReference(a)).not.toBe(firstMandateReference(b));
  });

  test.each([
    ['MK-2026-000042-01', true],
    ['a'.repeat(35), true],
    ['a'.repeat(36), false],
    ['MK_1', false],
    ['Müller', false],
    [' MK', false],
  ])('SEPA reference %j valid: %s', (s, ok) => expect(isSepaMandateReference(s)).toBe(ok));
});
