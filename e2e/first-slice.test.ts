import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { fieldErrorMessages, errorKeyMessages } from '../src/domain/messages/errors';
import { steps } from '../src/domain/flow/steps';
import { launchBrowser, newPage } from './support/browser';
import { AppPage } from './support/page';
import { submitButton } from './support/scenario';
import { startAppServer } from './support/server';
import type { AppServer as TestServer } from './support/server';

// Issue 2, item 6: the first slice in a real browser against the real server, on both engines.
const deposit = fieldErrorMessages['objective.deposit']!;
const target = fieldErrorMessages['objective.target']!;

describe.each(['pglite', 'postgres'] as const)('first slice on %s', (engine) => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ engine }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('/ redirects to /start; deposit and target are validated, saved, and reloaded by cid', async () => {
    const { context, page } = await newPage(browser, server.url);
    const app = new AppPage(page);
    await app.goto('/');
    await app.waitForPath('/start');
    await app.expectAccessible();
    expect(await submitButton(app).innerText()).toBe(steps.uce.forwardLabel);

    // Forward with nothing entered: required messages on the fields and in the focused summary.
    await submitButton(app).click();
    expect(await app.fieldError('objective.deposit')).toBe(deposit.required);
    expect(await app.fieldError('objective.target')).toBe(target.required);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toContain('error-summary');
    expect(await page.locator('#f-objective-deposit').getAttribute('aria-invalid')).toBe('true');
    await app.expectAccessible();

    // On blur: the spec's limits with their messages.
    await app.fill('objective.deposit', '399');
    expect(await app.fieldError('objective.deposit')).toBe(deposit.tooLow);
    await app.fill('objective.deposit', '50001');
    expect(await app.fieldError('objective.deposit')).toBe(deposit.tooHigh);
    await app.fill('objective.deposit', '1.500');
    expect(await app.fieldError('objective.deposit')).toBeNull();
    await app.choose('objective.target', 'retrieveDeposit');

    // Forward saves (POST), puts the cid into the URL and moves on.
    await submitButton(app).click();
    await page.waitForURL((u) => u.pathname !== '/start');
    const cid = app.query('cid');
    expect(cid).toMatch(/^[\w-]{22,}$/);

    // A reload of /start?cid= shows the saved values, loaded from the server.
    await app.goto(`/start?cid=${cid}`);
    await app.waitForPath('/start');
    expect(await app.value('objective.deposit')).toMatch(/^1\.?500$/);
    expect(await app.radioValue('objective.target')).toBe('retrieveDeposit');

    // A second save with the cid (PATCH) changes the stored value.
    await app.fill('objective.deposit', '2000');
    await submitButton(app).click();
    await page.waitForURL((u) => u.pathname !== '/start');
    expect(app.query('cid')).toBe(cid);
    const fresh = await newPage(browser, server.url);
    const again = new AppPage(fresh.page);
    await again.goto(`/start?cid=${cid}`);
    await again.waitForPath('/start');
    expect(await again.value('objective.deposit')).toMatch(/^2\.?000$/);
    await fresh.context.close();
    await context.close();
  });

  test('an unknown cid leads to /error with the translated message under the title Meldung', async () => {
    const { context, page } = await newPage(browser, server.url);
    const app = new AppPage(page);
    await app.goto('/start?cid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await app.waitForPath('/error');
    expect(app.query('keys')).toBe('unknown');
    expect(await app.heading()).toBe('Meldung');
    expect(await page.locator('.notice').innerText()).toContain(errorKeyMessages.unknown);
    await app.expectAccessible();
    await context.close();
  });
});
