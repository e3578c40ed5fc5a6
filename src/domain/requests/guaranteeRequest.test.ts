import { describe, expect, test } from 'vitest';
import { parseRequestAmount, readGuaranteeRequest } from './guaranteeRequest';
import { guaranteeRequestReference, guaranteeRequestReferencePattern } from '../rules/patterns';

// Spec §2 /start: "digital-guarantee support above the maximum deposit" - the request for an
// individual digital guarantee with amount and contact (ADR 0836).
const good = { amount: '60.000', name: 'Max Mustermann', email: 'max@example.org' };

describe('request for an individual digital guarantee above the maximum deposit', () => {
  test.each([
    ['60.000', 60_000],
    ['60000', 60_000],
    ['60.000,50', 60_000.5],
    ['60000,5', 60_000.5],
    ['60000.5', 60_000.5],
    ['1.000.000', 1_000_000],
    [' 75 000 € ', 75_000],
    [60_000, 60_000],
    ['6,0,0', undefined],
    ['abc', undefined],
    ['', undefined],
    [Number.NaN, undefined],
  ])('amount %j -> %j', (raw, n) => expect(parseRequestAmount(raw)).toBe(n));

  test.each([
    [{}, { amount: 'required', name: 'required', email: 'required' }],
    [{ ...good, amount: 'viel' }, { amount: 'invalidNumber' }],
    [{ ...good, amount: '50.000' }, { amount: 'notAboveMaximum' }],
    [{ ...good, amount: '1.000.000,01' }, { amount: 'tooHigh' }],
    [{ ...good, email: 'max@' }, { email: 'invalidEmail' }],
    [{ ...good, phone: '030 123' }, { phone: 'invalidPhone' }],
    [{ ...good, name: 'x'.repeat(61) }, { name: 'tooLong' }],
    [{ ...good, name: 'Max\u202EMuster' }, { name: 'invalidCharacters' }],
    [{ ...good, message: 'x'.repeat(1001) }, { message: 'tooLong' }],
  ])('%j -> errors %j', (input, errors) => {
    expect(readGuaranteeRequest(input, { reconfigured: false }).errors).toEqual(errors);
  });

  test('reconfigured mode: above 9,000 may be requested', () => {
    expect(
      readGuaranteeRequest({ ...good, amount: '9.000' }, { reconfigured: true }).errors,
    ).toEqual({ amount: 'notAboveMaximum' });
    expect(
      readGuaranteeRequest({ ...good, amount: '9.001' }, { reconfigured: true }).request?.amount,
    ).toBe(9_001);
  });

  test('a complete request, trimmed, optional fields only when given, lines in the message', () => {
    expect(
      readGuaranteeRequest(
        { ...good, name: ' Max Mustermann ', phone: '+493012345', message: 'Zeile 1\nZeile 2' },
        { reconfigured: false },
      ),
    ).toEqual({
      request: {
        amount: 60_000,
        name: 'Max Mustermann',
        email: 'max@example.org',
        phone: '+493012345',
        message: 'Zeile 1\nZeile 2',
      },
    });
    expect(readGuaranteeRequest(good, { reconfigured: false }).request).toEqual({
      amount: 60_000,
      name: 'Max Mustermann',
      email: 'max@example.org',
    });
  });
});

describe('the request reference (AN-…)', () => {
  test('a reference made from 12 hex digits matches the pattern the back office checks', () => {
    expect(guaranteeRequestReference('7f3a92c1b04d')).toBe('AN-7F3A92C1B04D');
    expect(guaranteeRequestReferencePattern.test(guaranteeRequestReference('7f3a92c1b04d'))).toBe(
      true,
    );
  });
  test.each(['AN-7F3A92C1B04', 'AN-7f3a92c1b04d', 'MK-7F3A92C1B04D', 'AN-7F3A92C1B04D0', ''])(
    '%j is no reference',
    (s) => expect(guaranteeRequestReferencePattern.test(s)).toBe(false),
  );
});
