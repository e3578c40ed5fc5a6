import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createStaffMember } from '../src/server/staff/directory';
import { startOidcProvider, type TestOidcProvider } from '../src/server/staff/testing/oidcProvider';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { shoot } from './support/shots';
import { startAppServer, type AppServer } from './support/server';

// Issue 24 / ADR 1207: staff sign in with single sign-on against a real OpenID provider
// (oidc-provider 9) on 127.0.0.1; the back office is on localhost so the two keep their cookies
// apart as two real hosts would.

const SSO = 'Mit Single Sign-On anmelden';

/** Reaches the SSO button with the keyboard alone and presses it. */
async function ssoByKeyboard(page: Page) {
  await page.getByRole('button', { name: SSO }).waitFor();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent)) === SSO) break;
  }
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(SSO);
  await page.keyboard.press('Enter');
}

/** The provider's development login form: any password, the login is the e-mail address. */
async function providerLogin(page: Page, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('egal');
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on at /intern', () => {
  let server: AppServer;
  let browser: Browser;
  let provider: TestOidcProvider;
  let base: string;
  beforeAll(async () => {
    provider = await startOidcProvider();
    [server, browser] = await Promise.all([
      startAppServer({
        env: {
          STAFF_OIDC_ISSUER: provider.issuer,
          STAFF_OIDC_CLIENT_ID: provider.clientId,
          STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
        },
      }),
      launchBrowser(),
    ]);
    base = server.url.replace('127.0.0.1', 'localhost');
    server.config.publicUrl = base;
    provider.allowRedirect(`${base}/api/staff/auth/oidc/callback`);
    await createStaffMember(server.db, {
      email: 'sina@firma.example',
      displayName: 'Sina Sso',
      role: 'supervisor',
      now: new Date(),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  test('a known e-mail signs in with the keyboard alone', async () => {
    const { context, page } = await newPage(browser, base, { width: 1280, height: 800 });
    await page.goto(`${base}/intern`);
    await ssoByKeyboard(page);
    await page.waitForURL(`${provider.issuer}/**`);
    await providerLogin(page, 'sina@firma.example');
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await page.getByText('Angemeldet als Sina Sso (Freigabe (Supervisor)).').waitFor();
    expect(page.url()).toBe(`${base}/intern`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('button', { name: SSO }).waitFor();
    await context.close();
  }, 90_000);

  test('an address without a staff account, and a wrong state, are refused in German', async () => {
    // A browser without a session at the provider (it would sign Sina in again at once)
    const { context, page } = await newPage(browser, base, { width: 1280, height: 800 });
    await page.goto(`${base}/intern`);
    await page.getByRole('button', { name: SSO }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await providerLogin(page, 'fremd@firma.example');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Für diese E-Mail-Adresse gibt es kein aktives Konto' })
      .waitFor();
    expect(page.url()).toBe(`${base}/intern`);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'intern-sign-in-sso-refused');

    // The provider is sent another state than this browser's sign-in keeps, and echoes it back
    await context.clearCookies();
    await page.route(`${base}/api/staff/auth/oidc/start`, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()['location']!);
      location.searchParams.set('state', 'fremder-state');
      await route.fulfill({
        response,
        headers: { ...response.headers(), location: location.href },
      });
    });
    await page.getByRole('button', { name: SSO }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await providerLogin(page, 'sina@firma.example');
    await page.getByRole('alert').filter({ hasText: 'konnte nicht zugeordnet werden' }).waitFor();
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    expect(await page.getByText('Angemeldet als').count()).toBe(0);
    await context.close();
  }, 90_000);
});
