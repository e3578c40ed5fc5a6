import { describe, expect, test } from 'vitest';
import { fieldEntries } from '../fields/fields';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { validateSteps, isBlockingExclusion } from '../rules/validate';
import { defaultAppConfig } from './config';
import { stepList, forwardLabel } from './navigation';
import { activeMaskOf } from './activeMask';

// Complete journeys as data: each scenario fills the model like a tenant would and must pass every
// step of its list. A rule that makes a real journey impossible fails here.
const today = '2026-03-15';
const address = { street: 'Hauptstraße', number: '12a', zip: '10115', city: 'Berlin' };

function complete(): FormModel {
  const m = defaultFormModel();
  m.objective = { ...m.objective, deposit: 1500, target: 'newContract', useDigitalGuarantee: true };
  m.uce = { subPartnerCode: 'UP-7' };
  m.firstTenant = {
    ...m.firstTenant,
    gender: 'f',
    firstName: 'Anna',
    lastName: 'Muster',
    birthdayDate: '02.01.1990',
    email: 'anna@example.de',
    emailRepeat: 'anna@example.de',
    phone: '+493012345',
    address,
    isCreditCheckApproved: true,
  };
  m.landlord = { formOfAddress: 'm', firstName: 'Karl', lastName: 'Vermieter', address };
  m.object = {
    ...m.object,
    address,
    contractSignDate: '01.04.2026',
    moveInDate: '02.04.2026',
    coldRent: 700,
    isContractLimited: false,
    isContractTerminated: false,
    hasPreinsurance: false,
    hasPredamage: false,
  };
  m.objective = {
    ...m.objective,
    deliverTo: 'digital',
    paymentConditions: 12,
    policyStartDate: '01.04.2026',
    conditionsAccepted: true,
    privacyPolicyAccepted: true,
  };
  m.bankAccount = {
    useIban: true,
    accountOwner: 'firstTenant',
    iban: 'DE89 3704 0044 0532 0130 00',
  };
  m.security = { captchaResponseKey: 'solved' };
  return m;
}

const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  today,
  reconfigured: false,
  reservation: false,
  ...over,
});

const scenarios: {
  name: string;
  config?: object;
  reservation?: boolean;
  edit?: (m: FormModel) => void;
}[] = [
  { name: 'new contract, digital, IBAN' },
  {
    name: 'existing contract, posted, second tenant pays by account number',
    edit: (m) => {
      m.objective.target = 'retrieveDeposit';
      m.objective.deliverTo = 'legalAddress';
      m.objective.shippingNotesAccepted = true;
      m.objective.useSecondTenant = true;
      m.secondTenant = {
        ...m.firstTenant,
        firstName: 'Ben',
        email: 'ben@example.de',
        emailRepeat: 'ben@example.de',
      };
      m.object.contractSignDate = '01.01.2020';
      m.object.moveInDate = '01.02.2020';
      Object.assign(m.object, {
        isRentPaidUnpunctual: false,
        isDepositPaidCompletely: true,
        isDepositConsumed: false,
        isObjectDamaged: false,
      });
      m.bankAccount = {
        useIban: false,
        accountOwner: 'secondTenant',
        accountNumber: '532013000',
        bankCode: '37040044',
        bankName: 'Commerzbank',
      };
    },
  },
  {
    name: 'company landlord, fixed term, pre-insurance, extras',
    edit: (m) => {
      m.landlord = {
        formOfAddress: 'company',
        companyName: 'Wohnbau GmbH',
        landlordName: 'Petra Verwalterin',
        address: m.landlord.address,
      };
      m.object.isContractLimited = true;
      m.object.contractLimitDate = '31.03.2028';
      Object.assign(m.object, {
        hasPreinsurance: true,
        preinsuranceCompany: 'Alt AG',
        preinsuranceId: 'A-1',
        preinsuranceQuitBy: 'tenant',
      });
      m.selling = { mailForwarding: true, MieterEngel: true, MieterEngel_phone: '03012345' };
    },
  },
  { name: 'reconfigured (start fields on /object)', config: { reconfigured: true } },
  { name: 'reservation', reservation: true },
];

describe.each(scenarios)('$name', ({ config, reservation = false, edit }) => {
  const cfg = { ...defaultAppConfig, ...config };
  const list = stepList(cfg, { reservation, hasVmAndUvm: false });
  const c = ctx({ reconfigured: cfg.reconfigured, reservation, stepList: list });
  const model = complete();
  edit?.(model);

  test('passes every step of its list', () => {
    expect(validateSteps(model, list, c)).toEqual({});
    expect(isBlockingExclusion(model)).toBe(false);
  });
  test('the last step submits', () => {
    const last = list.at(-1)!;
    expect(forwardLabel(list, last, reservation)).toBe(
      reservation ? 'Reservierung absenden' : 'Kostenpflichtig abschliessen',
    );
  });
  test('emptying any shown field (except optional ones) makes it fail', () => {
    // Optional is what the field registry marks so (partner codes, the company addition, the
    // switches with a default, the bot checks, the extras' boxes); the rest must fail when empty.
    const optional = new Set<string>(fieldEntries.filter(([, d]) => d.optional).map(([p]) => p));
    for (const path of activeMaskOf(model, list, c)) {
      if (optional.has(path)) continue;
      const [group, ...rest] = path.split('.');
      const copy = structuredClone(model) as unknown as Record<string, Record<string, unknown>>;
      let node = copy[group!]!;
      for (const k of rest.slice(0, -1)) node = node[k] as Record<string, unknown>;
      node[rest.at(-1)!] = undefined;
      const errors = validateSteps(copy as unknown as FormModel, list, c);
      // Clearing a switch may hide its dependants instead of failing; then it must fail itself.
      expect(errors[path as keyof typeof errors], path).toBeDefined();
    }
  });
});
