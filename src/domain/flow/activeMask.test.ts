import { describe, expect, test } from 'vitest';
import { defaultFormModel } from '../model/defaults';
import type { FormModel } from '../model/schema';
import type { RuleContext } from '../rules/context';
import { validateStep, validateSteps, isBlockingExclusion } from '../rules/validate';
import { activeMask } from './activeMask';

const ctx: RuleContext = { today: '2026-03-15', reconfigured: false, reservation: false };
const m = (f: (m: FormModel) => void) => {
  const model = defaultFormModel();
  f(model);
  return model;
};

describe('active mask: a field not shown is neither validated nor submitted', () => {
  test('second tenant only when added, never in reservation mode', () => {
    const one = activeMask(defaultFormModel(), 'tenant', ctx);
    expect(one.some((p) => p.startsWith('secondTenant.'))).toBe(false);
    const two = m((x) => (x.objective.useSecondTenant = true));
    expect(activeMask(two, 'tenant', ctx)).toContain('secondTenant.birthdayDate');
    expect(activeMask(two, 'tenant', { ...ctx, reservation: true })).not.toContain(
      'secondTenant.birthdayDate',
    );
    expect(Object.keys(validateStep(two, 'tenant', ctx))).toContain('secondTenant.firstName');
    expect(Object.keys(validateStep(defaultFormModel(), 'tenant', ctx))).not.toContain(
      'secondTenant.firstName',
    );
  });
  test('reservation tenant form: single tenant, consent and captcha', () => {
    const mask = activeMask(defaultFormModel(), 'tenant', { ...ctx, reservation: true });
    expect(mask).toContain('firstTenant.lastName');
    expect(mask).toContain('security.captchaResponseKey');
    expect(mask).not.toContain('objective.useSecondTenant');
  });
  test('fixed-term end date only when the contract is limited', () => {
    expect(activeMask(defaultFormModel(), 'object', ctx)).not.toContain('object.contractLimitDate');
    const lim = m((x) => (x.object.isContractLimited = true));
    expect(activeMask(lim, 'object', ctx)).toContain('object.contractLimitDate');
  });
  test('risk questions of an existing contract only for retrieveDeposit', () => {
    const risks = [
      'object.isRentPaidUnpunctual',
      'object.isDepositPaidCompletely',
      'object.isDepositConsumed',
      'object.isObjectDamaged',
    ];
    const neu = m((x) => (x.objective.target = 'newContract'));
    const old = m((x) => (x.objective.target = 'retrieveDeposit'));
    for (const r of risks) {
      expect(activeMask(neu, 'object', ctx)).not.toContain(r);
      expect(activeMask(old, 'object', ctx)).toContain(r);
    }
    expect(activeMask(neu, 'object', ctx)).toContain('object.isContractTerminated');
  });
  test('IBAN or account number and bank code', () => {
    const iban = activeMask(defaultFormModel(), 'payment', ctx);
    expect(iban).toContain('bankAccount.iban');
    expect(iban).not.toContain('bankAccount.accountNumber');
    const acc = activeMask(
      m((x) => (x.bankAccount.useIban = false)),
      'payment',
      ctx,
    );
    expect(acc).toEqual(
      expect.arrayContaining([
        'bankAccount.accountNumber',
        'bankAccount.bankCode',
        'bankAccount.bankName',
      ]),
    );
    expect(acc).not.toContain('bankAccount.iban');
  });
  test('landlord: person or company', () => {
    const company = activeMask(
      m((x) => (x.landlord.formOfAddress = 'company')),
      'landlord',
      ctx,
    );
    expect(company).toContain('landlord.companyName');
    // Spec §3 landlord.landlordName, asked for a company landlord (ADR 0833).
    expect(company).toContain('landlord.landlordName');
    expect(company).not.toContain('landlord.lastName');
    const person = activeMask(
      m((x) => (x.landlord.formOfAddress = 'f')),
      'landlord',
      ctx,
    );
    expect(person).toContain('landlord.lastName');
    expect(person).not.toContain('landlord.companyName');
    expect(person).not.toContain('landlord.landlordName');
  });
  test('digital guarantee question only below 7,000; shipping notes only for post', () => {
    expect(
      activeMask(
        m((x) => (x.objective.deposit = 6999)),
        'start',
        ctx,
      ),
    ).toContain('objective.useDigitalGuarantee');
    expect(
      activeMask(
        m((x) => (x.objective.deposit = 7000)),
        'start',
        ctx,
      ),
    ).not.toContain('objective.useDigitalGuarantee');
    expect(
      activeMask(
        m((x) => (x.objective.deliverTo = 'digital')),
        'check',
        ctx,
      ),
    ).not.toContain('objective.shippingNotesAccepted');
    expect(
      activeMask(
        m((x) => (x.objective.deliverTo = 'legalAddress')),
        'check',
        ctx,
      ),
    ).toContain('objective.shippingNotesAccepted');
  });
  test('partner code hidden once set from a link', () => {
    expect(
      activeMask(
        m((x) => (x.billing.hide_partner_code = true)),
        'payment',
        ctx,
      ),
    ).not.toContain('billing.partner_code');
  });
  test('reconfigured: /object carries the start fields', () => {
    const mask = activeMask(defaultFormModel(), 'object', { ...ctx, reconfigured: true });
    expect(mask).toEqual(
      expect.arrayContaining(['objective.deposit', 'objective.target', 'object.hasPreinsurance']),
    );
  });
  test('check shows the extras when selling is not a step', () => {
    expect(
      activeMask(
        m((x) => (x.selling.MieterEngel = true)),
        'check',
        { ...ctx, stepList: ['start', 'check'] },
      ),
    ).toContain('selling.MieterEngel_phone');
    expect(
      activeMask(defaultFormModel(), 'check', { ...ctx, stepList: ['start', 'selling', 'check'] }),
    ).not.toContain('selling.keyFinder');
  });
});

describe('validateStep / validateSteps', () => {
  test('check step messages: consents', () => {
    expect(validateStep(defaultFormModel(), 'check', ctx)).toEqual({
      'objective.conditionsAccepted': ['required'],
      'objective.privacyPolicyAccepted': ['required'],
      'objective.shippingNotesAccepted': ['required'],
    });
  });
  test('a terminated contract blocks', () => {
    const t = m((x) => (x.object.isContractTerminated = true));
    expect(isBlockingExclusion(t)).toBe(true);
    expect(validateStep(t, 'object', ctx)['object.isContractTerminated']).toEqual([
      'contractTerminated',
    ]);
    expect(isBlockingExclusion(defaultFormModel())).toBe(false);
  });
  test('several steps merge', () => {
    const e = validateSteps(defaultFormModel(), ['start', 'payment'], ctx);
    expect(e['objective.deposit']).toEqual(['required']);
    expect(e['bankAccount.iban']).toEqual(['required']);
    expect(e['security.captchaResponseKey']).toEqual(['required']);
  });
  test('a complete start step has no errors', () => {
    const ok = m((x) => {
      x.objective.deposit = 1500;
      x.objective.target = 'newContract';
    });
    expect(validateStep(ok, 'start', ctx)).toEqual({});
  });
});
