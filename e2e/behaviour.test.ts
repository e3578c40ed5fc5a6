import { describe, expect, test } from 'vitest';
import { defaultStepList } from '../src/domain/flow/config';
import { steps } from '../src/domain/flow/steps';
import { fieldErrorMessages, maxLengthMessage } from '../src/domain/messages/errors';
import { ui } from '../src/domain/messages/ui';
import { inDays } from './support/dates';
import { AppPage } from './support/page';
import { perform, submitButton, type Action } from './support/scenario';
import { useBrowserApp } from './support/harness';
import { journeys, tenant } from './journeys';

const msg = (path: string, code: string) =>
  (fieldErrorMessages[path] as Record<string, string>)[code] as string;

/** Bad input -> the spec's message on the field (spec §5), page by page. */
const validationTable: {
  page: string;
  before?: Action[];
  path: string;
  input: string;
  message: string;
}[] = [
  {
    page: '/start',
    path: 'objective.deposit',
    input: '',
    message: msg('objective.deposit', 'required'),
  },
  {
    page: '/start',
    path: 'objective.deposit',
    input: '399',
    message: msg('objective.deposit', 'tooLow'),
  },
  {
    page: '/start',
    path: 'objective.deposit',
    input: '50.001',
    message: msg('objective.deposit', 'tooHigh'),
  },
  {
    page: '/tenant',
    path: 'firstTenant.firstName',
    input: '',
    message: msg('firstTenant.firstName', 'required'),
  },
  {
    page: '/tenant',
    path: 'firstTenant.firstName',
    input: 'x'.repeat(31),
    message: maxLengthMessage(30),
  },
  {
    page: '/tenant',
    path: 'firstTenant.address.zip',
    input: '1234',
    message: 'PLZ muss 5 stellig sein',
  },
  { page: '/tenant', path: 'firstTenant.address.number', input: 'abc', message: 'ungültig' },
  {
    page: '/tenant',
    path: 'firstTenant.phone',
    input: '030 1234',
    message:
      'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
  },
  {
    page: '/tenant',
    path: 'firstTenant.email',
    input: 'kein-at',
    message: msg('firstTenant.email', 'invalid'),
  },
  {
    page: '/tenant',
    before: [{ fill: 'firstTenant.email', value: 'a@example.org' }],
    path: 'firstTenant.emailRepeat',
    input: 'b@example.org',
    message: msg('firstTenant.emailRepeat', 'mismatch'),
  },
  {
    page: '/tenant',
    path: 'firstTenant.birthdayDate',
    input: '31.12.1899',
    message: msg('firstTenant.birthdayDate', 'tooEarly'),
  },
  {
    page: '/tenant',
    path: 'firstTenant.birthdayDate',
    input: inDays(-365),
    message: msg('firstTenant.birthdayDate', 'underage'),
  },
  {
    page: '/object',
    path: 'object.contractSignDate',
    input: inDays(31),
    message: msg('object.contractSignDate', 'tooFarAhead'),
  },
  {
    page: '/object',
    path: 'object.coldRent',
    input: '',
    message: msg('object.coldRent', 'required'),
  },
  { page: '/payment', path: 'bankAccount.iban', input: 'DE00123', message: 'ungültig' },
  {
    page: '/payment',
    path: 'objective.policyStartDate',
    input: inDays(61),
    message: msg('objective.policyStartDate', 'tooFarAhead'),
  },
  {
    page: '/payment',
    path: 'objective.policyStartDate',
    input: inDays(-1),
    message: msg('objective.policyStartDate', 'inPast'),
  },
];

describe('behaviour in the browser', () => {
  const harness = useBrowserApp();

  test('every validation message of the table appears on its field', async () => {
    const { context, page } = await harness.open();
    const app = new AppPage(page);
    const failures: string[] = [];
    let at = '';
    for (const row of validationTable) {
      if (row.page !== at) {
        await app.goto(row.page);
        await app.waitForPath(row.page);
        at = row.page;
      }
      for (const a of row.before ?? []) await perform(app, a);
      if (row.input === '') {
        await app.fill(row.path, 'x');
        await app.fill(row.path, '');
      } else await app.fill(row.path, row.input);
      const shown = await app.fieldError(row.path);
      if (shown !== row.message) failures.push(`${row.path}='${row.input}': got '${shown}'`);
    }
    // The captcha and the acceptance boxes say their messages after a forward attempt.
    await app.goto('/check');
    await app.waitForPath('/check');
    await submitButton(app).click();
    if ((await app.fieldError('objective.conditionsAccepted')) !== 'Zustimmung erforderlich')
      failures.push('conditionsAccepted');
    await app.expectAccessible();
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);

  test('back and check-page edits never lose a value; after an edit forward returns to check', async () => {
    const { context, page } = await harness.open();
    const app = new AppPage(page);
    await app.goto('/start');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1.234,50');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).click();
    await app.waitForPath('/uce');
    await submitButton(app).click();
    await app.waitForPath('/tenant');
    for (const a of tenant('firstTenant', 'Zurueck', 'back@example.org')) await perform(app, a);
    // Back twice (unsaved tenant values stay in memory), then forward again.
    await app.clickButton(steps.uce.backLabel);
    await app.waitForPath('/uce');
    await app.clickButton(steps.start.backLabel);
    await app.waitForPath('/start');
    expect(await app.value('objective.deposit')).toBe('1.234,50');
    await submitButton(app).click();
    await app.waitForPath('/uce');
    await submitButton(app).click();
    await app.waitForPath('/tenant');
    expect(await app.value('firstTenant.lastName')).toBe('Zurueck');
    expect(await app.value('firstTenant.phone')).toBe('03012345678');
    // The top navigation jumps back only: later steps are not links.
    expect(await page.getByRole('button', { name: /^Vermieter/ }).count()).toBe(0);
    await context.close();
  }, 120_000);

  test('check page edit returns to check with the changed value', async () => {
    const { context, page } = await harness.open();
    const app = new AppPage(page);
    // Walk the first journey to the check page (every page axe-checked on the way).
    const j = journeys[0]!;
    await app.goto(j.start);
    for (const s of j.steps.slice(0, -1)) {
      await app.waitForPath(s.at);
      for (const a of s.do ?? []) await perform(app, a);
      await submitButton(app).click();
    }
    await app.waitForPath('/check');
    await app.expectAccessible();
    await page
      .getByRole('link', { name: `${ui.buttons.edit}${ui.buttons.editSection('Vermieter')}` })
      .click();
    await app.waitForPath('/landlord');
    expect(await app.value('landlord.lastName')).toBe('Vermieter');
    await app.fill('landlord.lastName', 'Neumann');
    await submitButton(app).click();
    await app.waitForPath('/check');
    await expect.poll(() => page.locator('body').innerText()).toContain('Neumann');
    expect(await page.locator('body').innerText()).toContain('Max');
    await context.close();
  }, 120_000);

  test('Später fortfahren mails a link that resumes at the saved step', async () => {
    const { context, page } = await harness.open();
    const app = new AppPage(page);
    await app.goto('/start');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '3000');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).click();
    await app.waitForPath('/uce');
    await app.clickButton(ui.saveProgress.button);
    expect(await page.locator('body').innerText()).toContain(ui.saveProgress.text);
    await page.locator('#f-saveProgress-email').fill('later@example.org');
    await app.clickButton(ui.buttons.send);
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain(ui.saveProgress.sentTo('later@example.org'));
    await app.expectAccessible();
    await expect
      .poll(() => harness.server.smtp.received.length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const raw = harness.server.smtp.received
      .at(-1)!
      .raw.toString('utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = raw.match(/https?:\/\/[^\s"<>]+cid=[\w-]+[^\s"<>]*/)?.[0];
    expect(link).toBeTruthy();
    const resumed = await harness.open();
    const again = new AppPage(resumed.page);
    await again.goto(link!);
    await again.waitForPath('/uce');
    await again.clickButton(steps.start.backLabel);
    await again.waitForPath('/start');
    expect(await again.value('objective.deposit')).toBe('3000');
    await resumed.context.close();
    await context.close();
  }, 120_000);

  test('every step of the flow is visited by some journey', () => {
    const visited = new Set(journeys.flatMap((j) => [...j.steps.map((s) => s.at), j.end.at]));
    const missing = defaultStepList.map((id) => steps[id].route).filter((r) => !visited.has(r));
    expect(missing).toEqual([]);
    for (const page of ['/callback/danke', '/callback/sofortzusage'])
      expect(visited).toContain(page);
  });
});
