import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import { setField } from '../model/paths';
import { newApiWire, oldApiWire } from './formats';
import { encodeFieldErrors, parseServerErrors } from './errors';
import { parsePrefill } from './prefill';

describe('server field errors', () => {
  test('encode: map of wire names with German messages, the value and the codes', () => {
    const m = setField(defaultFormModel(), 'firstTenant.address.zip', '1011');
    expect(encodeFieldErrors({ 'firstTenant.address.zip': ['invalid'] }, m, newApiWire)).toEqual({
      'firstTenant[address][zip]': {
        message: ['PLZ muss 5 stellig sein'],
        value: '1011',
        code: ['invalid'],
      },
    });
  });
  test('parse: a map (as encoded), ids ignored', () => {
    const r = parseServerErrors(
      {
        'firstTenant[address][zip]': { message: ['PLZ muss 5 stellig sein'], value: '1011' },
        'firstTenant[id]': { message: ['bad id'] },
        'landlord[name]': ['Bitte geben Sie den Nachnamen des Vermieters an.'],
      },
      newApiWire,
    );
    expect(r).toEqual({
      fields: {
        'firstTenant.address.zip': ['PLZ muss 5 stellig sein'],
        'landlord.lastName': ['Bitte geben Sie den Nachnamen des Vermieters an.'],
      },
      clearCaptcha: false,
      other: [],
    });
  });
  test('parse: a list with codes; a captcha error clears the captcha', () => {
    const r = parseServerErrors(
      [
        { field: 'captchaResponseKey', code: 'required' },
        { field: 'tenancy_retail[firstTenant][phone]', message: 'ungültig' },
        'reservation_expired',
      ],
      newApiWire,
    );
    expect(r.fields['security.captchaResponseKey']).toEqual(['Lösen Sie die Sicherheitsaufgabe']);
    expect(r.clearCaptcha).toBe(true);
    expect(r.other).toEqual(['ungültig', 'reservation_expired']);
    const old = parseServerErrors(
      [{ field: 'tenancy_retail[firstTenant][phone]', message: 'ungültig' }],
      oldApiWire,
    );
    expect(old.fields['firstTenant.phone']).toEqual(['ungültig']);
  });
  test('parse: field paths are accepted too', () => {
    expect(
      parseServerErrors({ 'objective.deposit': { code: ['tooLow'] } }, newApiWire).fields,
    ).toEqual({
      'objective.deposit': ['ist zu niedrig. Mindesthöhe: 400 €.'],
    });
  });
});

describe('prefill_data', () => {
  test.each([
    [
      '{"apartment":{"sum":"1200","is_existing":"true"}}',
      { objective: { deposit: 1200, target: 'retrieveDeposit' } },
    ],
    [
      '{"apartment":{"sum":1200.5,"is_existing":true}}',
      { objective: { deposit: 1200.5, target: 'retrieveDeposit' } },
    ],
    ['{"apartment":{"sum":"abc","is_existing":"false"}}', { objective: { target: 'newContract' } }],
    ['{"apartment":{"is_existing":"yes"}}', { objective: { target: 'newContract' } }],
    ['{"apartment":{"sum":"1.500"}}', { objective: { deposit: 1500 } }],
    [
      '{"firstTenant":{"firstName":" Anna ","id":"x","evil":"1"},"nope":1}',
      { firstTenant: { firstName: 'Anna' } },
    ],
    [
      '{"objective":{"deliverTo":"moon","paymentConditions":"12"}}',
      { objective: { paymentConditions: 12 } },
    ],
    // Issue 15 item 11: no consent, e-mail, bank account or bot-check field from a link.
    [
      JSON.stringify({
        firstTenant: {
          lastName: 'Muster',
          email: 'x@evil.example',
          emailRepeat: 'x@evil.example',
          isCreditCheckApproved: true,
        },
        secondTenant: { email: 'y@evil.example', isCreditCheckApproved: 'true' },
        objective: {
          conditionsAccepted: true,
          privacyPolicyAccepted: true,
          shippingNotesAccepted: true,
          deposit: 900,
        },
        bankAccount: {
          iban: 'DE89370400440532013000',
          accountNumber: '123',
          bankCode: '37040044',
          accountOwner: 'tenant',
          useIban: false,
          bankName: 'Bank',
        },
        security: { pb: 'gotcha', pbt: '1', pbk: 'x', captchaResponseKey: 'y' },
        formHandling: { interactiveLock: true, forceToShowErrors: true },
      }),
      {
        firstTenant: { lastName: 'Muster' },
        objective: { deposit: 900 },
        bankAccount: { bankName: 'Bank' },
      },
    ],
    ['not json', {}],
    ['[1,2]', {}],
    ['null', {}],
    ['', {}],
  ])('%s', (json, expected) => {
    expect(parsePrefill(json)).toEqual(expected);
  });
});
