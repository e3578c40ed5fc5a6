import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { fieldErrorMessages } from '../src/domain/messages/errors';
import { ui } from '../src/domain/messages/ui';
import { launchBrowser, newPage } from './support/browser';
import { AppPage, fieldSelector } from './support/page';
import { perform, submitButton } from './support/scenario';
import { startAppServer, type AppServer } from './support/server';
import { startChatProvider, startPhoton, type Peer } from './support/peers';
import { objectNew } from './journeys';

const deposit = fieldErrorMessages['objective.deposit']!;

/**
 * Features that exist only by server configuration, in one server: the reconfigured mode
 * (RECONFIGURED=1), street suggestions through a Photon-compatible geocoder (GEOCODER_URL, a local
 * server answering in Photon's GeoJSON) and a Chatwoot-compatible chat (CHAT_URL, a local server).
 */
describe('configured features (reconfigured, geocoder, chat)', () => {
  let server: AppServer;
  let browser: Browser;
  let photon: Peer;
  let chat: Peer;
  beforeAll(async () => {
    [photon, chat, browser] = await Promise.all([
      startPhoton(),
      startChatProvider(),
      launchBrowser(),
    ]);
    server = await startAppServer({
      env: {
        RECONFIGURED: '1',
        GEOCODER_URL: photon.url,
        CHAT_URL: `${chat.url}/?websiteToken=tok-e2e`,
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await photon?.close();
    await chat?.close();
  });

  test('/object shows start, object and extra questions together; 9,000 € maximum; street suggestions by keyboard', async () => {
    const { context, page } = await newPage(browser, server.url);
    const app = new AppPage(page);
    await app.goto('/object');
    await app.waitForPath('/object');
    await app.expectAccessible();
    // One page: the start form, the object form and the extra questions.
    for (const path of [
      'objective.deposit',
      'object.address.street',
      'object.coldRent',
      'object.isContractTerminated',
    ])
      expect(await page.locator(fieldSelector(path)).count(), path).toBe(1);
    expect(await page.locator('input[name="objective.target"]').count()).toBe(2);
    expect(await page.locator('input[name="object.hasPreinsurance"]').count()).toBe(2);
    expect(await page.locator('input[name="object.hasPredamage"]').count()).toBe(2);
    expect(await page.locator('body').innerText()).toContain(ui.hints.depositReconfigured);

    await app.fill('objective.deposit', '9.001');
    expect(await app.fieldError('objective.deposit')).toBe(deposit.tooHighReconfigured);
    await app.fill('objective.deposit', '9000');
    expect(await app.fieldError('objective.deposit')).toBeNull();
    await app.choose('objective.target', 'newContract');

    // Street suggestions: an ARIA combobox with a listbox, driven by the keyboard.
    const street = page.locator(fieldSelector('object.address.street'));
    expect(await street.getAttribute('role')).toBe('combobox');
    await street.fill('Haupt');
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(3);
    expect(await street.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContain(ui.address.suggestions(3));
    await street.press('ArrowDown');
    await street.press('ArrowDown');
    const second = await options.nth(1).getAttribute('id');
    expect(await street.getAttribute('aria-activedescendant')).toBe(second);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await app.expectAccessible();
    await street.press('Enter');
    expect(await app.value('object.address.street')).toBe('Hauptstraße');
    expect(await app.value('object.address.zip')).toBe('20095');
    expect(await app.value('object.address.city')).toBe('Hamburg');
    expect(await street.getAttribute('aria-expanded')).toBe('false');
    // The geocoder was asked through our server (never by the browser directly).
    expect(photon.requests.some((r) => r.includes('q=Haupt'))).toBe(true);
    // Escape closes an open list without taking anything.
    await street.fill('Hauptstr');
    await expect.poll(() => options.count()).toBe(1);
    await street.press('Escape');
    expect(await street.getAttribute('aria-expanded')).toBe('false');
    expect(await app.value('object.address.street')).toBe('Hauptstr');

    for (const a of objectNew.filter((x) => !('fill' in x && x.fill.startsWith('object.address'))))
      await perform(app, a);
    await app.fill('object.address.street', 'Hauptstraße');
    await app.fill('object.address.number', '7');
    await app.fill('object.coldRent', '3000');
    await submitButton(app).click();
    // The server accepted all three forms in one save; payment follows in this mode.
    await app.waitForPath('/payment');
    // A chat is configured: the cid stays out of the address bar, in the history entry (ADR 0803),
    // and a reload still finds the application.
    expect(app.query('cid')).toBeNull();
    const cid = await page.evaluate(() => (history.state as { cid?: string } | null)?.cid);
    expect(cid).toMatch(/^[\w-]{16,}$/);
    await page.reload();
    await app.waitForPath('/payment');
    expect(app.query('cid')).toBeNull();
    await app.page.getByRole('button', { name: 'Zurück zum Mietobjekt' }).click();
    await app.waitForPath('/object');
    expect(await app.value('object.coldRent')).toBe('3000');
    expect(app.query('cid')).toBeNull();
    await context.close();
  }, 90_000);

  test('the chat loads only on the legal and contact pages, after the app, in German (ADR 1133)', async () => {
    const { context, page } = await newPage(browser, server.url);
    const order: string[] = [];
    const before = chat.requests.length;
    const runs = () =>
      page.evaluate(() => (window as unknown as { __chatRuns?: unknown[] }).__chatRuns);
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/config' || u.pathname === '/packs/js/sdk.js') order.push(u.pathname);
    });
    // An application page (it will carry a cid and personal data): no chat script, and the CSP
    // would refuse one.
    await page.goto('/uce');
    await page.locator('h1').waitFor();
    await page.waitForTimeout(2_000); // load (350 ms), retries (650 ms), init (950 ms) are over
    expect(await runs()).toBeUndefined();
    expect(chat.requests.slice(before)).toEqual([]);

    await page.goto('/kontakt');
    await page.locator('h1').waitFor();
    await expect
      .poll(runs, { timeout: 15_000 })
      .toEqual([{ websiteToken: 'tok-e2e', baseUrl: chat.url, locale: 'de' }]);
    // Order only (no timing assertions): the app's configuration first, then the provider's SDK.
    expect(order.slice(-2)).toEqual(['/api/config', '/packs/js/sdk.js']);
    expect(chat.requests.slice(before)).toEqual(['/packs/js/sdk.js']);

    // Leaving for the application inside the app: a fresh document without the chat.
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForLoadState('load');
    await page.locator('h1').waitFor();
    await page.waitForTimeout(2_000);
    expect(await runs()).toBeUndefined();
    expect(await page.locator('script[src$="/packs/js/sdk.js"]').count()).toBe(0);
    await context.close();
  }, 60_000);
});
