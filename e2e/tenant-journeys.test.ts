import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import { legalTexts, resultTexts } from '../src/domain/messages/results';
import { fieldErrorMessages } from '../src/domain/messages/errors';
import { fieldMessage } from '../src/domain/messages/de';
import { completeNewApiApplication, securityFields } from '../src/server/testing/fixtures';
import { inDays } from './support/dates';
import { addDays, todayInBerlin } from '../src/domain/dates';
import { useBrowserApp } from './support/harness';
import { shoot, snap } from './support/shots';
import { fieldSelector, type AppPage } from './support/page';
import { perform, submitButton, type Action } from './support/scenario';
import { landlordPerson, objectNew, tenant } from './journeys';

/** A captcha solution in a save's body (JSON or form-urlencoded). */
const captchaInBody = /captchaResponseKey"?[:=]"?([^"&,}]+)/;

const forward = (app: AppPage) => submitButton(app).click();
const doAll = async (app: AppPage, actions: Action[]) => {
  for (const a of actions) await perform(app, a);
};
const text = async (page: Page) => (await page.locator('main').textContent()) ?? '';
const summary = (page: Page) => page.getByRole('complementary', { name: ui.summary.title });

// Issue 11: the ways a tenant meets the application, in Chromium against the real server.
describe('tenant journeys (issue 11)', () => {
  // No minimum fill time: one test submits through the API right after fetching the bot token.
  const harness = useBrowserApp({ env: { BOT_MIN_FILL_SECONDS: '0' } });

  test('price from /start, summary on every step, loose dates, edit payment from /check, server-driven result', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start');
    await app.waitForPath('/start');
    // Leaving one field shows its message there, not the error summary.
    await app.fill('objective.deposit', '100');
    expect(await app.fieldError('objective.deposit')).toBeTruthy();
    expect(await page.locator('.error-summary').count()).toBe(0);
    await forward(app);
    await expect.poll(() => page.locator('.error-summary').count()).toBe(1);
    await app.expectAccessible();
    // The premium appears as soon as a valid deposit is typed (domain tariff, 1,500 € -> 5,51 €).
    await page.locator(fieldSelector('objective.deposit')).fill('1500');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain(
        `${ui.summary.startPrice('ab 5,51 € monatlich')} (66,15 € im Jahr, inklusive Versicherungssteuer)`,
      );
    await page.getByLabel(ui.options.target.newContract).check();
    await app.expectAccessible();
    await shoot(page, 'start-price');
    await forward(app);

    await app.waitForPath('/uce');
    expect(await summary(page).innerText()).toContain('1.500,00 €');
    await forward(app);
    await app.waitForPath('/tenant');
    const s = await summary(page).innerText();
    expect(s).toContain('ab 5,51 € monatlich');
    expect(s).toContain(ui.summary.digital);
    await doAll(app, tenant('firstTenant', 'Mustermann', 'max@example.org'));
    // Dates as typed on a phone: T.M.JJJJ and TTMMJJJJ become TT.MM.JJJJ on leaving the field.
    const birthday = page.locator(fieldSelector('firstTenant.birthdayDate'));
    expect(await birthday.getAttribute('inputmode')).toBe('decimal');
    await app.fill('firstTenant.birthdayDate', '5.4.1988');
    expect(await app.value('firstTenant.birthdayDate')).toBe('05.04.1988');
    await app.fill('firstTenant.birthdayDate', '14021988');
    expect(await app.value('firstTenant.birthdayDate')).toBe('14.02.1988');
    expect(await app.fieldError('firstTenant.birthdayDate')).toBeNull();
    await forward(app);

    await app.waitForPath('/landlord');
    await app.expectAccessible();
    await shoot(page, 'landlord-summary');
    await doAll(app, landlordPerson);
    await forward(app);
    await app.waitForPath('/object');
    await doAll(app, objectNew);
    await app.fill('object.contractSignDate', inDays(10).replaceAll('.', ''));
    expect(await app.value('object.contractSignDate')).toBe(inDays(10));
    await forward(app);

    await app.waitForPath('/payment');
    await page.getByLabel(ui.options.deliverTo.legalAddress).check();
    await page.getByLabel(ui.options.paymentConditions[12]).check();
    await doAll(app, [
      { choose: 'bankAccount.accountOwner', value: 'firstTenant' },
      { fill: 'bankAccount.iban', value: 'DE89 3704 0044 0532 0130 00' },
      { fill: 'objective.policyStartDate', value: inDays(5) },
      { captcha: true },
    ]);
    const pay = await summary(page).innerText();
    expect(pay).toContain('5,51 € monatlich');
    expect(pay).not.toContain('ab 5,51');
    expect(pay).toContain(ui.summary.postToTenant);
    await forward(app);
    await app.waitForPath('/selling');
    await forward(app);

    await app.waitForPath('/check');
    // The step's fields arrive with their chunk (the heading stands in until then).
    await page.getByRole('button', { name: 'Kostenpflichtig abschliessen' }).waitFor();
    const check = await text(page);
    // Postal delivery chosen: no "digital per E-Mail: Ja" beside it.
    expect(check).not.toContain(ui.options.deliverTo.digital);
    expect(check).toContain(ui.options.deliverTo.legalAddress);
    for (const title of [
      'Versicherungsbedingungen',
      'Verbraucherinformationen',
      'Widerrufsbelehrung',
    ])
      expect(
        await page.locator('form').getByRole('link', { name: title, exact: true }).count(),
        title,
      ).toBe(1);
    // Edit the payment from the check page: the spent captcha is not sent again, no trap.
    const solutions: string[] = [];
    page.on('request', (r) => {
      const body = r.postData() ?? '';
      const m = body.match(captchaInBody);
      if (m) solutions.push(m[1]!);
    });
    await page
      .getByRole('link', { name: `${ui.buttons.edit}${ui.buttons.editSection('Zahlung')}` })
      .click();
    await app.waitForPath('/payment');
    expect(await page.locator('altcha-widget').count()).toBe(0);
    await app.choose('objective.paymentConditions', '1');
    await forward(app);
    await app.waitForPath('/check');
    expect(await page.locator('.error-summary').count()).toBe(0);
    expect(solutions).toEqual([]);
    await doAll(app, [
      { check: 'objective.conditionsAccepted' },
      { check: 'objective.privacyPolicyAccepted' },
      { check: 'objective.shippingNotesAccepted' },
    ]);
    await forward(app);
    await page.locator('#processing-text').waitFor({ state: 'attached' });
    await snap(page, 'processing-overlay-1024');
    await app.waitForPath('/callback/danke', 120_000);
    await page.getByRole('heading', { name: ui.result.accepted }).waitFor();
    await app.expectAccessible();
    const result = await text(page);
    expect(result).toMatch(/MK-\d{4}-\d{6}/);
    expect(result).toContain('63,00 € jährlich');
    expect(result).toContain(resultTexts.postal('legalAddress'));
    expect(result).toContain(resultTexts.mailSent);
    expect(result).toMatch(/voraussichtlich am \d{2}\.\d{2}\.\d{4}/);
    // Postal delivery: no certificate download offered.
    expect(await page.getByRole('link', { name: ui.result.downloadCertificate }).count()).toBe(0);
    // The documents come from the state answer: expiring signed links, none carries the cid.
    const urls = await app.expectNoCidInDom(app.query('cid')!);
    const policy = page.getByRole('link', { name: legalTexts.pdf('Versicherungsschein') });
    const policyUrl = (await policy.getAttribute('href'))!;
    expect(policyUrl).toMatch(
      /\/api\/documents\/[0-9a-f-]{36}\/policy\.pdf\?expires=\d+&signature=/,
    );
    expect(urls).toContain(policyUrl);
    const pdf = await page.request.get(policyUrl);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shoot(page, 'result-accepted');
    await context.close();
  }, 240_000);

  // The web checks a reservation's earlier steps itself before it submits (previous test but one),
  // so the server's skip_to is met where only the server sees the problem: the final submission
  // judges every step, and a deposit raised from /check now exceeds three cold rents (object step).
  test("the server's skip_to on the final submission leads to the field with its message, then back to /check", async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1500');
    await page.getByLabel(ui.options.target.newContract).check();
    await forward(app);
    await app.waitForPath('/uce');
    await forward(app);
    await app.waitForPath('/tenant');
    await doAll(app, tenant('firstTenant', 'Mustermann', 'skip@example.org'));
    await forward(app);
    await app.waitForPath('/landlord');
    await doAll(app, landlordPerson);
    await forward(app);
    await app.waitForPath('/object');
    await doAll(app, objectNew); // cold rent 800 €: up to 2.400 € deposit
    await forward(app);
    await app.waitForPath('/payment');
    await page.getByLabel(ui.options.deliverTo.legalAddress).check();
    await page.getByLabel(ui.options.paymentConditions[12]).check();
    await doAll(app, [
      { choose: 'bankAccount.accountOwner', value: 'firstTenant' },
      { fill: 'bankAccount.iban', value: 'DE89 3704 0044 0532 0130 00' },
      { fill: 'objective.policyStartDate', value: inDays(5) },
      { captcha: true },
    ]);
    await forward(app);
    await app.waitForPath('/selling');
    await forward(app);
    await app.waitForPath('/check');
    // Raise the deposit from the check page: /start judges only its own fields.
    await page
      .getByRole('link', {
        name: `${ui.buttons.edit}${ui.buttons.editSection('Ihre Mietkaution')}`,
      })
      .click();
    await app.waitForPath('/start');
    await page.locator(fieldSelector('objective.deposit')).fill('3000');
    await forward(app);
    await app.waitForPath('/check');
    await doAll(app, [
      { check: 'objective.conditionsAccepted' },
      { check: 'objective.privacyPolicyAccepted' },
      { check: 'objective.shippingNotesAccepted' },
    ]);
    const answers: { skip_to?: unknown }[] = [];
    page.on('response', (r) => {
      if (r.request().method() !== 'GET' && r.url().includes('/api/') && r.status() < 500)
        void r.json().then(
          (b: { skip_to?: unknown }) => answers.push(b),
          () => undefined,
        );
    });
    await forward(app);
    // The server answered skip_to 'object'; the web opens it with the message on the field.
    await app.waitForPath('/object');
    await expect.poll(() => answers.map((a) => a.skip_to)).toContain('object');
    expect(app.query('return')).toBe('check');
    const message = fieldMessage('object.coldRent', 'aboveThreeColdRents');
    await expect.poll(() => app.fieldError('object.coldRent')).toBe(message);
    await expect.poll(() => page.locator('.error-summary').count()).toBe(1);
    expect(await page.locator('.error-summary').innerText()).toContain(message);
    await app.expectAccessible();
    await shoot(page, 'server-skip-to-object');
    await page.locator(fieldSelector('object.coldRent')).fill('1200');
    await forward(app);
    await app.waitForPath('/check');
    await forward(app);
    await app.waitForPath('/callback/danke', 120_000);
    await page.getByRole('heading', { name: ui.result.accepted }).waitFor();
    await context.close();
  }, 240_000);

  test('reservation from the landlord hint: same application, Sofortzusage mail, then continue', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1500');
    await app.choose('objective.target', 'newContract');
    await forward(app);
    await app.waitForPath('/uce');
    await forward(app);
    await app.waitForPath('/tenant');
    await doAll(app, tenant('firstTenant', 'Mustermann', 'reserve@example.org'));
    await forward(app);
    await app.waitForPath('/landlord');
    const cid = app.query('cid');
    await page.getByRole('link', { name: ui.buttons.reserveAndContinueLater }).click();
    await app.waitForPath('/tenant');
    expect(app.query('reservation')).toBe('true');
    expect(app.query('cid')).toBe(cid);
    expect(await app.value('firstTenant.lastName')).toBe('Mustermann');
    expect((await submitButton(app).innerText()).trim()).toBe('Reservierung absenden');
    await app.check('objective.privacyPolicyAccepted');
    await app.solveCaptcha();
    await app.expectAccessible();
    const mailsBefore = harness.server.smtp.received.length;
    await forward(app);
    await app.waitForPath('/callback/sofortzusage', 120_000);
    await page.getByRole('heading', { name: ui.result.reservationAccepted }).waitFor();
    await app.expectAccessible();
    const body = await text(page);
    expect(body).toMatch(/MR-\d{4}-\d{6}/);
    expect(body).toContain(resultTexts.reservationMail);
    const reservationUrls = await app.expectNoCidInDom(app.query('cid')!);
    expect(
      reservationUrls.some((u) => /\/api\/documents\/.+reservation_confirmation\.pdf\?/.test(u)),
    ).toBe(true);
    await shoot(page, 'result-reservation');
    // The Sofortzusage went out by e-mail with its PDF.
    await expect
      .poll(() => harness.server.smtp.received.slice(mailsBefore).map((m) => m.to.join()), {
        timeout: 30_000,
      })
      .toContain('reserve@example.org');
    const mail = harness.server.smtp.received
      .slice(mailsBefore)
      .find((m) => m.to.includes('reserve@example.org'))!;
    expect(mail.raw.toString('utf8')).toMatch(/application\/pdf/);
    // 'Mit dem Antrag fortfahren': the same application, the tenant step shows the hint.
    await page.getByRole('button', { name: ui.buttons.continueApplication }).click();
    await app.waitForPath('/tenant');
    expect(app.query('reservation')).toBeNull();
    await expect.poll(() => text(page)).toContain(ui.reservation.alreadyGivenHint);
    await app.expectAccessible();
    // On to the next open step (issue 27), not the tenant form again.
    await page.getByRole('button', { name: ui.reservation.continueApplication }).click();
    await app.waitForPath('/landlord');
    await context.close();
  }, 180_000);

  test('/tenant?reservation=true without a deposit leads to the deposit with its message, then reserves', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/tenant?reservation=true');
    await app.waitForPath('/tenant');
    await doAll(app, tenant('firstTenant', 'Mustermann', 'direct@example.org'));
    await app.check('objective.privacyPolicyAccepted');
    await app.solveCaptcha();
    await page.getByRole('button', { name: 'Reservierung absenden' }).click();
    await app.waitForPath('/start');
    expect(app.query('reservation')).toBe('true');
    await expect
      .poll(() => app.fieldError('objective.deposit'), { timeout: 15_000 })
      .toBe(fieldErrorMessages['objective.deposit']!.required);
    await expect.poll(() => page.locator('.error-summary').count()).toBe(1);
    await app.expectAccessible();
    await shoot(page, 'reservation-deposit-missing');
    await page.getByLabel(ui.options.target.newContract).check();
    await page.locator(fieldSelector('objective.deposit')).fill('2000');
    await forward(app);
    await app.waitForPath('/tenant');
    expect(await app.value('firstTenant.lastName')).toBe('Mustermann');
    await page.getByRole('button', { name: 'Reservierung absenden' }).click();
    await app.waitForPath('/callback/sofortzusage', 120_000);
    await page.getByRole('heading', { name: ui.result.reservationAccepted }).waitFor();
    await context.close();
  }, 180_000);

  test('a forged result link shows nothing it claims; a declined cid never shows "angenommen"', async () => {
    const { context, page, app } = await harness.open();
    await app.goto(
      '/callback/danke?is_accepted=true&is_pending=false&vertragsnr=MK-2026-999999&pramie=1.23&version=2&digital=true&cid=AAAAAAAAAAAAAAAAAAAAAA',
    );
    await page.getByRole('heading', { name: resultTexts.notFound }).waitFor();
    let body = await text(page);
    expect(body).not.toContain('angenommen');
    expect(body).not.toContain('MK-2026-999999');
    expect(body).not.toContain('1,23');
    await app.expectAccessible();
    // A real, declined application with a query claiming acceptance.
    const url = harness.server.url;
    const app1 = completeNewApiApplication();
    (app1.tenant as Record<string, unknown>).name = 'Abgelehnt';
    // The fixture's dates suit the API tests' pinned clock; this server runs on today's date.
    const iso = (days: number) => addDays(todayInBerlin(new Date()), days);
    const contract = (app1.rentalObject as { rentalContract: Record<string, string> })
      .rentalContract;
    contract.signedAt = iso(10);
    contract.movedInAt = iso(15);
    app1.policyStartDate = iso(5);
    const r = await fetch(`${url}/api/tenancies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...app1, ...(await securityFields(url)) }),
    });
    const { cid } = (await r.json()) as { cid: string };
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${url}/api/application/state/${cid}`)).json()) as { state: string })
            .state,
        { timeout: 60_000 },
      )
      .toBe('declined');
    await app.goto(`/callback/danke?is_accepted=true&vertragsnr=MK-FAKE&pramie=9.99&cid=${cid}`);
    await page.getByRole('heading', { name: ui.result.declined }).waitFor();
    body = await text(page);
    expect(body).not.toContain('angenommen');
    expect(body).not.toContain('MK-');
    expect(body).not.toContain(ui.result.premium);
    expect(body).toContain(ui.result.humanReview);
    await app.expectAccessible();
    await app.expectNoCidInDom(cid);
    await shoot(page, 'result-declined');
    await context.close();
  }, 120_000);

  test('footer on every page; Impressum, Datenschutz, Kontakt and the documents as pages', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start');
    await app.waitForPath('/start');
    const footer = page.getByRole('navigation', { name: ui.legal.footerLabel });
    expect(await footer.getByRole('link', { name: ui.legal.withdraw }).getAttribute('href')).toBe(
      '/widerruf',
    );
    const pages: [string, string][] = [
      ['Impressum', '/impressum'],
      ['Datenschutz', '/datenschutz'],
      ['Kontakt', '/kontakt'],
      ['Versicherungsbedingungen', '/dokumente/versicherungsbedingungen'],
      ['Verbraucherinformationen', '/dokumente/verbraucherinformationen'],
      ['Widerrufsbelehrung', '/dokumente/widerrufsbelehrung'],
    ];
    for (const [name, path] of pages) {
      await footer.getByRole('link', { name, exact: true }).click();
      await app.waitForPath(path);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await app.expectAccessible();
    }
    await footer.getByRole('link', { name: 'Impressum', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
    // Not configured in this test: the placeholder says which variable to set.
    expect(await text(page)).toContain('[Firmenname – bitte OPERATOR_NAME setzen]');
    await shoot(page, 'impressum');
    await app.goto('/datenschutz');
    await page.getByRole('heading', { level: 1, name: 'Datenschutz' }).waitFor();
    await shoot(page, 'datenschutz');
    await app.goto('/dokumente/widerrufsbelehrung');
    await page.getByRole('heading', { level: 1, name: 'Widerrufsbelehrung' }).waitFor();
    expect(
      await page
        .getByRole('link', { name: legalTexts.pdf('Widerrufsbelehrung') })
        .getAttribute('href'),
    ).toBe('/api/legal/widerrufsbelehrung.pdf');
    await context.close();
  }, 90_000);

  test('on a phone the help panel opens under its field', async () => {
    const { context, page, app } = await harness.open();
    await page.setViewportSize({ width: 375, height: 800 });
    await app.goto('/start');
    await app.waitForPath('/start');
    await page.getByRole('button', { name: /Hilfe: .*Kaution/ }).click();
    const field = page.locator('.field', { has: page.locator(fieldSelector('objective.deposit')) });
    await field.getByRole('heading', { level: 2 }).waitFor();
    await app.expectAccessible();
    await shoot(page, 'help-phone');
    await context.close();
  }, 60_000);
});

describe('captcha rejected by the server (bot wait not over)', () => {
  // The server refuses every submission as too fast: each rejection must reset the widget.
  const harness = useBrowserApp({ env: { BOT_MIN_FILL_SECONDS: '3600' } });

  test('any rejection resets the widget and moves focus to it; a solution is never resent', async () => {
    const { context, page, app } = await harness.open();
    const sent: string[] = [];
    page.on('request', (r) => {
      const m = (r.postData() ?? '').match(captchaInBody);
      if (m) sent.push(m[1]!);
    });
    await app.goto('/start?reservation=true');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1200');
    await app.choose('objective.target', 'newContract');
    await forward(app);
    await app.waitForPath('/tenant');
    await doAll(app, tenant('firstTenant', 'Mustermann', 'bot@example.org'));
    await app.check('objective.privacyPolicyAccepted');
    await app.solveCaptcha();
    for (let round = 1; round <= 2; round++) {
      await page.getByRole('button', { name: 'Reservierung absenden' }).click();
      const group = page.locator(fieldSelector('security.captchaResponseKey'));
      await expect.poll(() => app.fieldError('security.captchaResponseKey')).toContain('erneut');
      // Reset: the box is unticked and can be solved again; focus is on the field.
      await expect
        .poll(() => page.locator('altcha-widget input[type=checkbox]').first().isChecked())
        .toBe(false);
      await expect.poll(() => group.evaluate((el) => el === document.activeElement)).toBe(true);
      await app.expectAccessible();
      if (round === 1) await shoot(page, 'captcha-rejected');
      expect(sent).toHaveLength(round);
      // Pressing on without solving sends nothing: the field keeps asking for a new solution.
      await page.getByRole('button', { name: 'Reservierung absenden' }).click();
      expect(await app.fieldError('security.captchaResponseKey')).toContain('erneut');
      expect(sent).toHaveLength(round);
      await app.solveCaptcha();
    }
    expect(new Set(sent).size).toBe(2);
    await context.close();
  }, 180_000);
});
