import { describe, expect, it } from 'vitest';
import { defaultFormModel, type FormModel } from '../../domain/index';
import { applyRules, combine, type Outcome, type ReasonCode } from './rules';
import { simulatedCreditCheck } from './creditCheck';

type Patch = { objective?: Partial<FormModel['objective']>; object?: Partial<FormModel['object']> };

function model(p: Patch): FormModel {
  const m = defaultFormModel();
  return {
    ...m,
    objective: { ...m.objective, deposit: 1500, target: 'newContract', ...p.objective },
    object: { ...m.object, ...p.object },
  };
}

const existing = { target: 'retrieveDeposit' as const };
const cases: Array<[string, Patch, Outcome, ReasonCode[]]> = [
  ['plain new contract', {}, 'accepted', []],
  [
    'terminated contract',
    { object: { isContractTerminated: true } },
    'declined',
    ['contract_terminated'],
  ],
  [
    'existing: late rent',
    { objective: existing, object: { isRentPaidUnpunctual: true } },
    'declined',
    ['late_rent'],
  ],
  [
    'existing: deposit not fully paid',
    { objective: existing, object: { isDepositPaidCompletely: false } },
    'declined',
    ['deposit_not_paid_completely'],
  ],
  [
    'existing: deposit consumed',
    { objective: existing, object: { isDepositConsumed: true } },
    'declined',
    ['deposit_consumed'],
  ],
  [
    'existing: object damaged',
    { objective: existing, object: { isObjectDamaged: true } },
    'pending',
    ['object_damaged'],
  ],
  [
    'existing: all fine',
    {
      objective: existing,
      object: {
        isRentPaidUnpunctual: false,
        isDepositPaidCompletely: true,
        isDepositConsumed: false,
        isObjectDamaged: false,
      },
    },
    'accepted',
    [],
  ],
  [
    'new contract ignores retrieveDeposit answers',
    { object: { isRentPaidUnpunctual: true, isObjectDamaged: true } },
    'accepted',
    [],
  ],
  ['predamage', { object: { hasPredamage: true } }, 'pending', ['predamage']],
  ['deposit exactly 15,000', { objective: { deposit: 15_000 } }, 'accepted', []],
  ['deposit 15,000.01', { objective: { deposit: 15_000.01 } }, 'pending', ['deposit_above_limit']],
  [
    'decline beats pending',
    {
      objective: { ...existing, deposit: 20_000 },
      object: { isDepositConsumed: true, hasPredamage: true },
    },
    'declined',
    ['deposit_consumed'],
  ],
];

describe('decision rules (DECISIONS.md)', () => {
  it.each(cases)('%s', (_name, patch, outcome, reasons) => {
    expect(applyRules(model(patch))).toEqual({ outcome, reasons });
  });
});

describe('rules combined with the credit check', () => {
  const ok = { outcome: 'accepted' as const, reasons: [] };
  const review = { outcome: 'pending' as const, reasons: ['predamage' as const] };
  const no = { outcome: 'declined' as const, reasons: ['late_rent' as const] };
  it.each([
    [ok, 'accepted', 'accepted'],
    [ok, 'pending', 'pending'],
    [ok, 'declined', 'declined'],
    [review, 'accepted', 'pending'],
    [review, 'declined', 'declined'],
    [no, 'accepted', 'declined'],
  ] as const)('%j + credit %s -> %s', (rules, credit, expected) => {
    expect(combine(rules, credit).outcome).toBe(expected);
  });
});

describe('simulated credit check (test personas)', () => {
  const subject = (lastName: string) => ({
    firstName: 'Erika',
    lastName,
    birthdayDate: '01.01.1990',
    street: 'A',
    number: '1',
    zip: '10115',
    city: 'Berlin',
  });
  it.each([
    ['Mustermann', 'accepted'],
    ['Abgelehnt', 'declined'],
    [' abgelehnt ', 'declined'],
    ['Pruefung', 'pending'],
    ['Prüfung', 'pending'],
    ['PRÜFUNG', 'pending'],
    ['Abgelehnter', 'accepted'],
  ])('last name %j -> %s', async (lastName, expected) => {
    expect(await simulatedCreditCheck.check([subject(lastName)])).toBe(expected);
  });

  it('looks at every tenant', async () => {
    expect(await simulatedCreditCheck.check([subject('Muster'), subject('Abgelehnt')])).toBe(
      'declined',
    );
  });
});
