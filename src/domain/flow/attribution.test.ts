import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import { newApiWire, oldApiWire } from '../wire/formats';
import {
  attributionOf,
  clearedAttribution,
  refusedAttributionPaths,
  savePaths,
} from './attribution';
import { defaultAppConfig } from './config';
import { forwardTarget, stepList } from './navigation';
import type { StepId } from './steps';

const model = (partner?: string, sub?: string): FormModel => ({
  ...defaultFormModel(),
  billing: { partner_code: partner, hide_partner_code: partner ? true : undefined },
  uce: { subPartnerCode: sub },
});

describe('attribution codes travel with every save, shown or not', () => {
  test.each([
    ['no codes, start', model(), ['objective.deposit'], ['objective.deposit'], []],
    [
      'both codes hidden on start',
      model('IMMO1', 'B-BERLIN'),
      ['objective.deposit'],
      ['objective.deposit', 'billing.partner_code', 'uce.subPartnerCode'],
      [],
    ],
    ['blank codes are not sent', model('  ', ''), ['objective.deposit'], ['objective.deposit'], []],
    [
      'partner field shown on tenant: sent empty when emptied',
      model(),
      ['firstTenant.lastName', 'billing.partner_code'],
      ['firstTenant.lastName', 'billing.partner_code'],
      ['billing.partner_code'],
    ],
    [
      'uce shows the sub-partner field; the hidden partner code comes along',
      model('IMMO1'),
      ['uce.subPartnerCode'],
      ['uce.subPartnerCode', 'billing.partner_code'],
      ['uce.subPartnerCode'],
    ],
  ])('%s', (_name, m, mask, paths, touched) => {
    const r = savePaths(m, mask);
    expect(r.paths).toEqual(paths);
    expect([...r.touched]).toEqual(touched);
  });

  test('codes are read trimmed', () => {
    expect(attributionOf(model(' IMMO1 ', ' B-1'))).toEqual({
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-1',
    });
  });
});

describe('a refused hidden code gets its field back', () => {
  test.each([
    [{ 'billing.partner_code': ['x'] }, ['objective.deposit'], ['billing.partner_code']],
    [{ 'billing.partner_code': ['x'] }, ['billing.partner_code'], []],
    [{ 'uce.subPartnerCode': ['x'], 'objective.deposit': ['y'] }, [], ['uce.subPartnerCode']],
    [{ 'objective.deposit': ['y'] }, [], []],
  ])('%o on mask %o -> %o', (errors, mask, expected) => {
    expect(refusedAttributionPaths(errors, mask)).toEqual(expected);
  });
});

describe('flow around partner links (ADR 0701)', () => {
  const plain = { reservation: false, hasVmAndUvm: false };
  test.each([
    [
      'sub-partners found, uce configured: unchanged',
      defaultAppConfig.stepList,
      { ...plain, partnerHasSubPartners: true },
      ['start', 'uce', 'tenant', 'landlord', 'object', 'payment', 'selling', 'check'],
    ],
    [
      'sub-partners found, uce not configured: uce follows start',
      ['start', 'tenant', 'check'] as StepId[],
      { ...plain, partnerHasSubPartners: true },
      ['start', 'uce', 'tenant', 'check'],
    ],
    [
      'both codes in the link: uce is never added',
      ['start', 'tenant', 'check'] as StepId[],
      { reservation: false, hasVmAndUvm: true, partnerHasSubPartners: true },
      ['start', 'tenant', 'check'],
    ],
  ])('%s', (_name, configured, opts, expected) => {
    expect(stepList({ ...defaultAppConfig, stepList: configured }, opts)).toEqual(expected);
  });

  const list = stepList(defaultAppConfig, plain);
  test.each([
    ['start', undefined, 'uce'],
    ['uce', undefined, 'start'],
    ['uce', 1500, 'tenant'],
    ['tenant', undefined, 'start'],
    ['tenant', 1500, 'landlord'],
    ['check', 1500, undefined],
  ] as [StepId, number | undefined, StepId | undefined][])(
    'forward from %s with deposit %s -> %s',
    (step, deposit, expected) => {
      expect(forwardTarget(list, step, { objective: { deposit } })).toBe(expected);
    },
  );
  test('without start in the list (reconfigured) forward is the next step', () => {
    expect(forwardTarget(['uce', 'tenant'], 'uce', { objective: {} })).toBe('tenant');
  });
});

describe('an attribution code sent empty is a deliberate clear', () => {
  test.each([
    [{ partnerCode: '' }, ['billing.partner_code']],
    [{ partnerCode: '  ', subPartnerCode: '' }, ['billing.partner_code', 'uce.subPartnerCode']],
    [{ partnerCode: 'IMMO1' }, []],
    [{}, []],
    ['partnerCode=&x=1', ['billing.partner_code']],
  ])('new API %o -> %o', (body, expected) => {
    expect(clearedAttribution(newApiWire, body)).toEqual(expected);
  });
  test('old API bracket keys', () => {
    expect(
      clearedAttribution(oldApiWire, { tenancy_retail: { billing: { partner_code: '' } } }),
    ).toEqual(['billing.partner_code']);
  });
});
