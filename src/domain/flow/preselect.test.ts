import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import {
  deliveryContradictsWish,
  paymentPreselection,
  preselectedAccountOwner,
  preselectedDelivery,
} from './preselect';

type Objective = FormModel['objective'];
const model = (objective: Partial<Objective>, owner?: 'firstTenant' | 'secondTenant') => {
  const m = defaultFormModel();
  m.objective = { ...m.objective, ...objective };
  if (owner) m.bankAccount.accountOwner = owner;
  return m;
};

describe('payment preselection (issue 27)', () => {
  test.each([
    // [objective, expected delivery]
    [{ deposit: 1500 }, 'digital'], // useDigitalGuarantee defaults to true
    [{ deposit: 1500, useDigitalGuarantee: true }, 'digital'],
    [{ deposit: 6999.99, useDigitalGuarantee: true }, 'digital'],
    [{ deposit: 7000, useDigitalGuarantee: true }, undefined], // digital only below 7,000
    [{ deposit: 1500, useDigitalGuarantee: false }, undefined], // the tenant said no
    [{ useDigitalGuarantee: true }, undefined], // no deposit yet
    [{ deposit: 1500, deliverTo: 'landlordAddress' }, 'landlordAddress'], // a choice stays
    [{ deposit: 9000, deliverTo: 'legalAddress' }, 'legalAddress'],
  ] as const)('%o delivers %s', (objective, expected) => {
    expect(preselectedDelivery(model(objective))).toBe(expected);
  });

  test.each([
    [{}, undefined, 'firstTenant'], // one tenant: the account can only be theirs
    [{ useSecondTenant: false }, undefined, 'firstTenant'],
    [{ useSecondTenant: true }, undefined, undefined], // two tenants: a real choice
    [{ useSecondTenant: true }, 'secondTenant', 'secondTenant'],
    [{}, 'firstTenant', 'firstTenant'],
  ] as const)('%o with owner %s gives %s', (objective, owner, expected) => {
    expect(preselectedAccountOwner(model(objective, owner))).toBe(expected);
  });

  test('fills only empty fields, never a choice the tenant made', () => {
    expect(paymentPreselection(model({ deposit: 1500 }))).toEqual({
      'objective.deliverTo': 'digital',
      'bankAccount.accountOwner': 'firstTenant',
    });
    expect(
      paymentPreselection(model({ deposit: 1500, deliverTo: 'legalAddress' }, 'firstTenant')),
    ).toEqual({});
    expect(
      paymentPreselection(
        model({ deposit: 8000, useSecondTenant: true, useDigitalGuarantee: true }),
      ),
    ).toEqual({});
  });
});

describe('a changed wish on /start empties a delivery that contradicts it', () => {
  test.each([
    [{ useDigitalGuarantee: false, deliverTo: 'digital' }, true],
    [{ useDigitalGuarantee: true, deliverTo: 'legalAddress' }, true],
    [{ useDigitalGuarantee: true, deliverTo: 'digital' }, false],
    [{ useDigitalGuarantee: false, deliverTo: 'landlordAddress' }, false],
    [{ useDigitalGuarantee: false }, false],
  ] as const)('%o contradicts: %s', (objective, expected) => {
    expect(deliveryContradictsWish(model(objective))).toBe(expected);
  });
});
