import { describe, expect, test } from 'vitest';
import qs from 'qs';
import { defaultFormModel } from '../model/defaults';
import { setField } from '../model/paths';
import type { FieldPath } from '../model/paths';
import { newApiWire, oldApiWire, reconfiguredApiWire } from './formats';

const sample = () => {
  let m = defaultFormModel();
  const set = <P extends FieldPath>(p: P, v: unknown) => (m = setField(m, p, v as never));
  set('objective.deposit', 1500.5);
  set('objective.target', 'retrieveDeposit');
  set('objective.deliverTo', 'objectAddresss');
  set('objective.paymentConditions', 2);
  set('objective.conditionsAccepted', true);
  set('objective.policyStartDate', '01.04.2026');
  set('object.coldRent', 600);
  set('object.contractSignDate', '15.03.2026');
  set('object.moveInDate', '01.04.2026');
  set('object.isContractLimited', false);
  set('object.address.number', ' 12a ');
  set('firstTenant.lastName', ' Müller ');
  set('firstTenant.firstName', '');
  set('firstTenant.birthdayDate', '02.01.1990');
  set('firstTenant.id', 'secret-id');
  set('landlord.formOfAddress', 'company');
  set('bankAccount.accountOwner', 'secondTenant');
  set('security.captchaResponseKey', 'abc');
  set('billing.partner_code', 'P-1');
  return m;
};
const mask: FieldPath[] = [
  'objective.deposit',
  'objective.target',
  'objective.deliverTo',
  'objective.paymentConditions',
  'objective.conditionsAccepted',
  'objective.policyStartDate',
  'object.coldRent',
  'object.contractSignDate',
  'object.moveInDate',
  'object.isContractLimited',
  'object.address.number',
  'firstTenant.lastName',
  'firstTenant.firstName',
  'firstTenant.birthdayDate',
  'firstTenant.id',
  'landlord.formOfAddress',
  'bankAccount.accountOwner',
  'security.captchaResponseKey',
  'billing.partner_code',
];

describe('new API', () => {
  test('names, booleans true/false, decimal point, ISO dates, trimmed, empty and ids dropped', () => {
    expect(newApiWire.encode(sample(), mask)).toEqual({
      'rentalObject[rentalContract][deposit]': '1500.5',
      'rentalObject[rentalContract][isExisting]': 'true',
      postalDestination: 'object_address',
      'bankAccount[paymentFrequency]': 'semi-annually',
      termsAccepted: 'true',
      policyStartDate: '2026-04-01',
      'rentalObject[rentalContract][rent]': '600',
      'rentalObject[rentalContract][signedAt]': '2026-03-15',
      'rentalObject[rentalContract][movedInAt]': '2026-04-01',
      'rentalObject[rentalContract][isLimited]': 'false',
      'rentalObject[address][streetNumber]': '12a',
      'firstTenant[name]': 'Müller',
      'firstTenant[dateOfBirth]': '1990-01-02',
      'landlord[gender]': 'company',
      'bankAccount[owner]': 'secondTenant',
      captchaResponseKey: 'abc',
      partnerCode: 'P-1',
    });
  });
  test('only fields of the mask are sent', () => {
    expect(newApiWire.encode(sample(), ['objective.deposit'])).toEqual({
      'rentalObject[rentalContract][deposit]': '1500.5',
    });
  });
  test('a touched empty field is sent empty so it clears', () => {
    expect(
      newApiWire.encode(sample(), ['firstTenant.firstName'], {
        touched: new Set(['firstTenant.firstName']),
      }),
    ).toEqual({ 'firstTenant[firstName]': '' });
  });
  test.each([
    ['legalAddress', 'legal_address'],
    ['landlordAddress', 'landlord_address'],
    ['digital', 'digital'],
  ])('postalDestination %s -> %s', (model, wire) => {
    const m = setField(defaultFormModel(), 'objective.deliverTo', model as never);
    expect(newApiWire.encode(m, ['objective.deliverTo'])).toEqual({ postalDestination: wire });
  });
  test.each([
    [1, 'annually'],
    [4, 'quarterly'],
    [12, 'monthly'],
  ])('paymentFrequency %s -> %s', (model, wire) => {
    const m = setField(defaultFormModel(), 'objective.paymentConditions', model as never);
    expect(newApiWire.encode(m, ['objective.paymentConditions'])).toEqual({
      'bankAccount[paymentFrequency]': wire,
    });
  });
  test.each([
    ['m', 'male'],
    ['f', 'female'],
  ])('landlord gender %s -> %s', (model, wire) => {
    const m = setField(defaultFormModel(), 'landlord.formOfAddress', model as never);
    expect(newApiWire.encode(m, ['landlord.formOfAddress'])).toEqual({ 'landlord[gender]': wire });
  });
  test('decodes flat bracket keys, qs-parsed objects, JSON envelopes and query strings alike', () => {
    const flat = newApiWire.encode(sample(), mask);
    const expected = newApiWire.decode(flat);
    expect(expected.objective?.deposit).toBe(1500.5);
    expect(expected.firstTenant?.birthdayDate).toBe('02.01.1990');
    expect(expected.firstTenant?.id).toBeUndefined();
    expect(newApiWire.decode(qs.parse(qs.stringify(flat)))).toEqual(expected);
    expect(newApiWire.decode({ data: qs.parse(qs.stringify(flat)) })).toEqual(expected);
    expect(newApiWire.decode(new URLSearchParams(flat).toString())).toEqual(expected);
  });
  test('invalid values are ignored, a typed invalid date is kept as typed', () => {
    expect(
      newApiWire.decode({
        postalDestination: 'moon',
        'rentalObject[rentalContract][deposit]': '12abc',
        'rentalObject[rentalContract][isLimited]': 'maybe',
        'firstTenant[dateOfBirth]': '32.13.1990',
        unknown: 'x',
        'firstTenant[id]': '42',
      }),
    ).toEqual({ firstTenant: { birthdayDate: '32.13.1990' } });
  });
  test('spec names for the rental contract', () => {
    const names = (
      [
        'objective.deposit',
        'object.coldRent',
        'object.contractSignDate',
        'object.moveInDate',
        'object.isContractLimited',
        'object.contractLimitDate',
        'objective.target',
      ] as FieldPath[]
    ).map(newApiWire.wireName);
    expect(names).toEqual(
      ['deposit', 'rent', 'signedAt', 'movedInAt', 'isLimited', 'limitedUntil', 'isExisting'].map(
        (n) => `rentalObject[rentalContract][${n}]`,
      ),
    );
    expect(newApiWire.fieldPath('firstTenant[streetNumber]')).toBeUndefined();
    expect(newApiWire.fieldPath('firstTenant[address][streetNumber]')).toBe(
      'firstTenant.address.number',
    );
    expect(newApiWire.fieldPath('secondTenant[name]')).toBe('secondTenant.lastName');
  });
});

describe('old API', () => {
  test('nested tenancy_retail keys, booleans 1/0, decimal comma, dates as typed', () => {
    expect(
      oldApiWire.encode(sample(), [
        'objective.deposit',
        'objective.conditionsAccepted',
        'object.isContractLimited',
        'object.moveInDate',
        'objective.deliverTo',
        'objective.paymentConditions',
        'firstTenant.id',
      ]),
    ).toEqual({
      'tenancy_retail[objective][deposit]': '1500,5',
      'tenancy_retail[objective][conditionsAccepted]': '1',
      'tenancy_retail[object][isContractLimited]': '0',
      'tenancy_retail[object][moveInDate]': '01.04.2026',
      'tenancy_retail[objective][deliverTo]': 'objectAddresss',
      'tenancy_retail[objective][paymentConditions]': '2',
    });
  });
  test('decodes a qs-parsed body and thousands separators', () => {
    expect(
      oldApiWire.decode(
        qs.parse(
          'tenancy_retail[objective][deposit]=1.500,50&tenancy_retail[firstTenant][address][zip]=10115',
        ),
      ),
    ).toEqual({
      objective: { deposit: 1500.5 },
      firstTenant: { address: { zip: '10115' } },
    });
  });
});

describe('reconfigured API', () => {
  test('extra questions travel under additionalQuestions', () => {
    const m = setField(defaultFormModel(), 'object.hasPredamage', true);
    expect(reconfiguredApiWire.encode(m, ['object.hasPredamage'])).toEqual({
      'additionalQuestions[predamage][exists]': 'true',
    });
    expect(newApiWire.encode(m, ['object.hasPredamage'])).toEqual({
      'rentalObject[predamage][exists]': 'true',
    });
  });
});

describe('unknown keys (issue 27: the old API reported its own fields as unknown)', () => {
  test.each([
    [
      'old, nested JSON',
      oldApiWire,
      { tenancy_retail: { objective: { deposit: '900', target: 'newContract' } } },
      [],
    ],
    ['old, bracket keys', oldApiWire, { 'tenancy_retail[objective][deposit]': '900' }, []],
    [
      'old, nested with a stray key',
      oldApiWire,
      { tenancy_retail: { objective: { deposit: '1', colour: 'x' } } },
      ['tenancy_retail.objective.colour'],
    ],
    [
      'new, plain',
      newApiWire,
      { rentalObject: { rentalContract: { deposit: '900' } }, colour: 'x' },
      ['colour'],
    ],
    [
      'new, in its envelope',
      newApiWire,
      { data: { rentalObject: { rentalContract: { deposit: '900' } }, colour: 'x' } },
      ['colour'],
    ],
  ] as const)('%s', (_, wire, body, want) => expect(wire.unknownKeys(body)).toEqual(want));
});
