import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call } from '../src/server/testing/http';
import { staffWithSession } from '../src/server/staff/testing/staffSession';
import { STAFF_COOKIE } from '../src/server/staff/sessions';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { shoot, snap } from './support/shots';
import { startAppServer, type AppServer } from './support/server';

// Issue 24 item 4 and issue 31 item 1 in Chromium: an admin adds a partner and a sandbox key
// (shown once, marked), a local webhook URL is refused on its field; staff answer a request for
// an individual guarantee. The session is opened with the real services (the passkey ceremony
// is e2e/intern.test.ts's).

async function signedIn(
  browser: Browser,
  server: AppServer,
  role: 'admin' | 'staff',
  name = role === 'admin' ? 'Ada Admin' : 'Anna Amt',
) {
  const m = await staffWithSession(server.db, {
    role,
    name,
    now: new Date(),
  });
  const { context, page } = await newPage(browser, server.url, { width: 1280, height: 800 });
  await context.addCookies([{ name: STAFF_COOKIE, value: m.token, url: server.url }]);
  return page;
}

const clean = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

describe('partners and guarantee requests in the back office', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('an admin adds a partner, a sandbox key and is refused a local webhook URL', async () => {
    const page = await signedIn(browser, server, 'admin');
    await page.goto(`${server.url}/intern/partner`);
    await page.getByRole('heading', { level: 1, name: 'Partner' }).waitFor();
    await clean(page);

    await page.getByLabel('Partnercode').fill('E2E1');
    await page.getByRole('button', { name: 'Partner anlegen' }).click();
    const nameField = page
      .getByRole('form', { name: 'Partner anlegen' })
      .getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Bitte geben Sie den Namen des Partners an.').count()).toBe(1);
    expect(await page.getByLabel('Partnercode').inputValue()).toBe('E2E1');
    await clean(page);
    await nameField.fill('Hausverwaltung E2E');
    await page.getByRole('button', { name: 'Partner anlegen' }).click();
    const card = page.getByRole('region', { name: 'Hausverwaltung E2E (E2E1)' });
    await card.waitFor();

    await card.getByRole('button', { name: 'Sandbox-Schlüssel erzeugen' }).click();
    const shown = card.locator('[role="status"] code');
    await expect.poll(() => shown.textContent()).toMatch(/^mk_test_/);
    await expect.poll(() => card.locator('.badge.sandbox').count()).toBe(1);
    const key = (await shown.textContent())!;
    const used = await call(
      server.url,
      'POST',
      '/api/tenancies?step=start',
      {},
      {
        headers: { authorization: `Bearer ${key}` },
      },
    );
    expect(used.status).not.toBe(401);

    const url = card.getByLabel('Webhook-URL (https, öffentliche Adresse)');
    await url.fill('http://127.0.0.1/hook');
    await card.getByRole('button', { name: 'Webhook-URL speichern' }).click();
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByText('Die Webhook-URL muss mit https:// beginnen.').count()).toBe(1);
    expect(await url.inputValue()).toBe('http://127.0.0.1/hook');
    await clean(page);
    await shoot(page, 'intern-partners');

    await card.getByRole('button', { name: /^Schlüssel mk_test_.*widerrufen$/ }).click();
    await expect.poll(() => card.getByText(/widerrufen am/).count()).toBe(1);
    const after = await call(
      server.url,
      'POST',
      '/api/tenancies?step=start',
      {},
      {
        headers: { authorization: `Bearer ${key}` },
      },
    );
    expect(after.status).toBe(401);
  }, 120_000);

  test('an admin edits a partner, deactivates it with the keyboard and imports a CSV', async () => {
    const page = await signedIn(browser, server, 'admin', 'Edda Edit');
    await page.goto(`${server.url}/intern/partner`);
    const card = page.getByRole('region', { name: /\(PORTAL\)/ });
    await card.waitFor();
    await card.getByLabel('Ansprechperson', { exact: true }).fill('Paula Portal');
    const mail = card.getByLabel('E-Mail der Ansprechperson');
    await mail.fill('paula-at-portal');
    await card.getByRole('button', { name: 'Stammdaten speichern (PORTAL)' }).click();
    await expect.poll(() => mail.getAttribute('aria-invalid')).toBe('true');
    expect(await mail.evaluate((el) => el === document.activeElement)).toBe(true);
    await card.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.').waitFor();
    await clean(page);
    await mail.fill('paula@portal.example');
    await card.getByRole('button', { name: 'Stammdaten speichern (PORTAL)' }).click();
    await card.getByText('Gespeichert.').waitFor();

    // Deactivated with the keyboard alone
    await card.getByRole('button', { name: 'Partner deaktivieren (PORTAL)' }).focus();
    await page.keyboard.press('Enter');
    await card.getByText('Partner deaktiviert.').waitFor();
    await expect
      .poll(() => card.getByRole('heading', { level: 2 }).textContent())
      .toContain('(inaktiv)');
    expect((await call(server.url, 'GET', '/api/staff/partners', undefined, {})).status).toBe(401);
    await card.getByRole('button', { name: 'Partner wieder aktivieren (PORTAL)' }).waitFor();
    await clean(page);

    // CSV import: a bad line imports nothing, a good file adds the partner
    const header = 'partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code';
    const file = page.getByLabel('CSV-Datei');
    await file.setInputFiles({
      name: 'partner.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nCSV1,Import Hausverwaltung,,,false\nCSV2,=1+1,,,false\n`),
    });
    await page.getByRole('button', { name: 'Importieren' }).click();
    await expect.poll(() => file.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/^Zeile 3: .*Nichts importiert\.$/).waitFor();
    await clean(page);
    await file.setInputFiles({
      name: 'partner.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\nCSV1,Import Hausverwaltung,,,false\n`),
    });
    await page.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('1 Partner und 0 Unterpartner importiert.').waitFor();
    await page.getByRole('region', { name: 'Import Hausverwaltung (CSV1)' }).waitFor();
    await clean(page);
    await shoot(page, 'intern-partners-edit');
  }, 120_000);

  test('staff see an open request on the start page and mark it answered', async () => {
    const made = await call(
      server.url,
      'POST',
      '/api/guarantee-requests',
      {
        amount: '75.000',
        name: 'Erika Anfrage',
        email: 'erika@example.org',
        phone: '+49301234',
        message: 'Gewerbe? Nein, eine große Wohnung.',
      },
      { form: true },
    );
    expect(made.status).toBe(201);
    const page = await signedIn(browser, server, 'staff');
    await page.goto(`${server.url}/intern`);
    await expect.poll(() => page.locator('[data-count="requests"]').textContent()).toBe('1');
    expect(await page.getByRole('link', { name: 'Partner' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Anfragen', exact: true }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Anfragen' }).waitFor();
    const row = page.getByRole('region', { name: `Referenz ${made.body.reference}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('75.000,00');
    await clean(page);
    await shoot(page, 'intern-requests');
    await row.getByRole('button', { name: /als beantwortet markieren/ }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(`Anfrage ${made.body.reference} als beantwortet markiert.`);
    await expect.poll(() => page.getByText('Keine offenen Anfragen.').count()).toBe(1);
    await clean(page);
  }, 120_000);

  test('a list longer than a page shows the rest with "Weitere laden" (keyset, ADR 1338)', async () => {
    // 51 open requests: one more than a page.
    await server.db.executeSql(
      `INSERT INTO guarantee_requests (reference, amount_cents, name, email, state, created_at)
       SELECT 'AN-PAGE' || lpad(g::text, 7, '0'), 6000000, 'Paul Seite ' || g,
         'paul' || g || '@example.org', 'open',
         timestamptz '2026-01-01T08:00:00Z' + (g || ' minutes')::interval
         FROM generate_series(1, 51) g`,
      [],
    );
    const page = await signedIn(browser, server, 'staff', 'Paula Seite');
    await page.goto(`${server.url}/intern/anfragen`);
    const rows = page.locator('ul.requests > li');
    await expect.poll(() => rows.count()).toBe(50);
    const more = page.getByRole('button', { name: 'Weitere laden' });
    await clean(page);
    await more.focus();
    await snap(page, 'intern-requests-more');
    // The button under a long list on a phone: in view once focused, its focus ring visible.
    await page.setViewportSize({ width: 375, height: 800 });
    await more.scrollIntoViewIfNeeded();
    await snap(page, 'intern-requests-more-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(51);
    expect(await rows.last().textContent()).toContain('Paul Seite 51');
    expect(await more.count()).toBe(0);
    await clean(page);
  }, 120_000);
});
