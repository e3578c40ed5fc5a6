import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import { getField, setField, type FieldPath } from '../model/paths';
import type { FormModel } from '../model/schema';
import { newApiWire, oldApiWire } from './formats';
import { assertConsents, partnerDefaults, readRequestExtras, requestExtras } from './partner';
import { partnerBody as sharedPartnerBody } from './testing/partnerBody';

/** The partner body with the MieterEngel offer taken (a 'true' to decode). */
const partnerBody = () => sharedPartnerBody({ mieterengel: 'true' });

describe('the partners request shape on the new API', () => {
  const decoded = newApiWire.decode(partnerBody()) as FormModel;
  test.each<[FieldPath, unknown]>([
    ['billing.partner_code', 'IMMO1'],
    ['firstTenant.firstName', 'Max'],
    ['firstTenant.lastName', 'Mustermann'],
    ['firstTenant.gender', 'm'],
    ['firstTenant.birthdayDate', '01.05.1990'],
    ['firstTenant.address.number', '3'],
    ['landlord.formOfAddress', 'f'],
    ['landlord.lastName', 'Vermieterin'],
    ['bankAccount.accountOwner', 'firstTenant'],
    ['bankAccount.bankName', 'Commerzbank'],
    ['objective.paymentConditions', 12],
    ['objective.deposit', 1500],
    ['objective.target', 'newContract'],
    ['objective.deliverTo', 'digital'],
    ['object.coldRent', 650.5],
    ['object.contractSignDate', '20.03.2026'],
    ['object.moveInDate', '01.04.2026'],
    ['object.isContractLimited', false],
    ['selling.MieterEngel', true],
    ['selling.keyFinder', false],
  ])('%s <- %j', (path, value) => {
    expect(getField(decoded, path)).toEqual(value);
  });

  test('nothing of it is unknown; step, product and termsAccepted are request extras', () => {
    expect(newApiWire.unknownKeys(partnerBody(), requestExtras)).toEqual([]);
    expect(readRequestExtras(partnerBody())).toEqual({
      step: 'check',
      product: 'mietkautionsbuergschaft',
      tenantTerms: { firstTenant: true },
    });
  });

  test.each([
    [{ firstTenant: { nmae: 'x' } }, ['firstTenant.nmae']],
    [{ tenant: { address: { zipp: '1' } } }, ['tenant.address.zipp']],
    [
      { rentalObject: { rentalContract: { deposite: '1' } } },
      ['rentalObject.rentalContract.deposite'],
    ],
    [{ selling: { MIETERENGEL: 'true', unknownExtra: '1' } }, ['selling.unknownExtra']],
    [{ foo: 1, bar: [1, 2] }, ['foo', 'bar.0', 'bar.1']],
    [{ 'firstTenant[phon]': '1' }, ['firstTenant.phon']],
    [{ data: { tenantt: { name: 'x' } } }, ['tenantt.name']],
    [{ firstTenant: { id: 'x' }, step: 'check', cid: 'x' }, []],
    ['step=check&foo=1', ['foo']],
    [null, []],
  ])('unknown keys of %j: %j', (body, unknown) => {
    expect(newApiWire.unknownKeys(body, requestExtras)).toEqual(unknown);
  });

  test.each([
    ['y', true],
    ['yes', true],
    ['true', true],
    ['1', true],
    ['on', true],
    ['Y', true],
    [true, true],
    ['n', false],
    ['false', false],
    ['maybe', undefined],
    ['', undefined],
  ])('termsAccepted %j -> %j', (value, expected) => {
    expect(
      readRequestExtras({ firstTenant: { termsAccepted: value } }).tenantTerms.firstTenant,
    ).toBe(expected);
  });

  test('tenant and coTenant remain aliases of firstTenant and secondTenant; canonical wins', () => {
    const m = newApiWire.decode({
      tenant: { name: 'Alias' },
      firstTenant: { name: 'Kanonisch' },
      coTenant: { firstName: 'Co' },
      bankAccount: { owner: 'coTenant' },
    }) as FormModel;
    expect(m.firstTenant.lastName).toBe('Kanonisch');
    expect(m.secondTenant.firstName).toBe('Co');
    expect(m.bankAccount.accountOwner).toBe('secondTenant');
    expect(newApiWire.wireName('firstTenant.lastName')).toBe('firstTenant[name]');
    expect(newApiWire.wireName('bankAccount.accountOwner')).toBe('bankAccount[owner]');
    expect(readRequestExtras({ coTenant: { termsAccepted: 'yes' } }).tenantTerms).toEqual({
      secondTenant: true,
    });
  });

  test.each([
    ['1990-05-01', '01.05.1990'],
    ['01.05.1990', '01.05.1990'],
    ['1.5.1990', '01.05.1990'],
  ])('dateOfBirth %s is stored as %s (an invalid one is kept for its message)', (wire, model) => {
    expect(
      (newApiWire.decode({ firstTenant: { dateOfBirth: wire } }) as FormModel).firstTenant
        .birthdayDate,
    ).toBe(model);
  });

  test('extras are case-insensitive on the old API too', () => {
    expect(oldApiWire.decode({ 'tenancy_retail[selling][mieterengel]': '1' })).toEqual({
      selling: { MieterEngel: true },
    });
  });
});

describe('asserted consent', () => {
  const base = defaultFormModel();
  test.each<[string, { firstTenant?: boolean; secondTenant?: boolean }, string[], FieldPath[]]>([
    [
      'first tenant y: conditions, privacy, shipping notes, credit check',
      { firstTenant: true },
      [],
      [
        'objective.conditionsAccepted',
        'objective.privacyPolicyAccepted',
        'objective.shippingNotesAccepted',
        'firstTenant.isCreditCheckApproved',
      ],
    ],
    [
      'an explicit answer is never overwritten',
      { firstTenant: true },
      ['objective.privacyPolicyAccepted', 'firstTenant.isCreditCheckApproved'],
      ['objective.conditionsAccepted', 'objective.shippingNotesAccepted'],
    ],
    [
      'second tenant: only its credit check',
      { secondTenant: true },
      [],
      ['secondTenant.isCreditCheckApproved'],
    ],
    ['false or missing asserts nothing', { firstTenant: false }, [], []],
    ['nothing sent', {}, [], []],
  ])('%s', (_name, terms, sent, asserted) => {
    const r = assertConsents(base, new Set(sent), terms);
    expect(r.asserted).toEqual(asserted);
    for (const p of asserted) expect(getField(r.model, p)).toBe(true);
  });
});

describe('partner defaults', () => {
  const today = '2026-03-02';
  const model = (target: 'newContract' | 'retrieveDeposit', signed?: string) => {
    let m = defaultFormModel();
    m = setField(m, 'objective.target', target);
    m = setField(m, 'firstTenant.email', 'max@example.org');
    if (signed) m = setField(m, 'object.contractSignDate', signed);
    return m;
  };
  test.each<[string, FormModel, string[], Partial<Record<FieldPath, unknown>>]>([
    [
      'new contract signed in the future',
      model('newContract', '20.03.2026'),
      [],
      {
        'objective.useSecondTenant': false,
        'firstTenant.emailRepeat': 'max@example.org',
        'object.isContractTerminated': false,
        'object.hasPreinsurance': false,
        'object.hasPredamage': false,
        'bankAccount.accountOwner': 'firstTenant',
        'objective.policyStartDate': '20.03.2026',
      },
    ],
    [
      'new contract signed in the past: the policy starts today',
      model('newContract', '01.02.2026'),
      ['object.hasPredamage'],
      { 'objective.policyStartDate': '02.03.2026', 'object.hasPredamage': undefined },
    ],
    [
      'an existing contract: risk answers stay unanswered',
      model('retrieveDeposit', '01.02.2020'),
      [],
      {
        'object.isContractTerminated': undefined,
        'object.hasPreinsurance': undefined,
        'object.isRentPaidUnpunctual': undefined,
        'objective.policyStartDate': '02.03.2026',
      },
    ],
  ])('%s', (_name, m, sent, expected) => {
    const r = partnerDefaults(m, new Set(sent), today);
    for (const [p, v] of Object.entries(expected))
      expect(getField(r.model, p as FieldPath)).toEqual(v);
    for (const p of sent) expect(r.defaulted).not.toContain(p);
  });

  test('a co-tenant exists when any secondTenant field was sent; the owner is then not guessed', () => {
    let m = model('newContract', '20.03.2026');
    m = setField(m, 'secondTenant.email', 'co@example.org');
    const r = partnerDefaults(m, new Set(['secondTenant.email']), today);
    expect(r.model.objective.useSecondTenant).toBe(true);
    expect(r.model.secondTenant.emailRepeat).toBe('co@example.org');
    expect(r.model.bankAccount.accountOwner).toBeUndefined();
  });

  test('values sent or already stored are kept', () => {
    let m = model('newContract', '20.03.2026');
    m = setField(m, 'firstTenant.emailRepeat', 'typo@example.org');
    m = setField(m, 'objective.policyStartDate', '05.03.2026');
    const r = partnerDefaults(m, new Set(['firstTenant.emailRepeat']), today);
    expect(r.model.firstTenant.emailRepeat).toBe('typo@example.org');
    expect(r.model.objective.policyStartDate).toBe('05.03.2026');
    expect(r.defaulted).not.toContain('objective.policyStartDate');
  });
});
