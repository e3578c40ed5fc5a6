import { expect, test } from 'vitest';
import { todayInBerlin } from '../domain/dates';
import { defaultFormModel } from '../domain/model/defaults';
import type { RuleContext } from '../domain/rules/context';
import { checkField } from '../domain/rules/fieldRules';
import { errorMessage } from './text';
import { currentRules, validateStepForWeb } from './rules';

const ctx: RuleContext = {
  today: todayInBerlin(new Date('2026-03-15T10:00:00Z')),
  reconfigured: false,
  reservation: false,
};

// ADR 0807: the IBAN and country checks arrive as their own chunk; until then a step showing
// such a field says it is pending (the form waits), afterwards it judges them like the server.
test('a step showing the IBAN waits for the table checks, then judges the IBAN as the domain does', async () => {
  const model = defaultFormModel();
  model.bankAccount.iban = 'DE00 1234 5678 9012 3456 78';
  model.firstTenant.nationality = 'XX';

  const start = validateStepForWeb(model, 'start', ctx);
  expect(start.pending).toBeUndefined(); // /start needs no tables and loads none

  const before = validateStepForWeb(model, 'payment', ctx);
  expect(before.mask).toContain('bankAccount.iban');
  expect(before.pending).toBeInstanceOf(Promise);
  expect(before.errors['bankAccount.iban']).toBeUndefined();
  const rulesBefore = currentRules();
  await before.pending;
  expect(currentRules()).not.toBe(rulesBefore);

  const after = validateStepForWeb(model, 'payment', ctx);
  expect(after.pending).toBeUndefined();
  const [code] = checkField(model, 'bankAccount.iban', ctx);
  expect(code).toBe('invalid');
  expect(after.errors['bankAccount.iban']).toBe(errorMessage('bankAccount.iban', code!));

  const tenant = validateStepForWeb(model, 'tenant', ctx);
  expect(tenant.errors['firstTenant.nationality']).toBe(
    errorMessage('firstTenant.nationality', 'unknownCountry'),
  );
});
