import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays } from '../src/domain/dates';
import { contracts, sepaDebits } from '../src/server/db/schema/index';
import { completeNewApiApplication, securityFields } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { camt054 } from '../src/domain/money/testing/bankFixtures';
import { runCollection } from '../src/server/money/collection';
import { moneyApiTexts } from '../src/server/texts/money';
import { staffWithSession } from '../src/server/staff/testing/staffSession';
import { STAFF_COOKIE } from '../src/server/staff/sessions';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { useBrowserApp } from './support/harness';
import type { AppServer } from './support/server';

// Issues 24 × 25 in Chromium: the page "Zahlungsverkehr" in /intern. The job drafts a file; Sina
// (supervisor) puts it forward and is refused approving it herself; Bert approves; Sina downloads
// it once; a camt.054 with an unknown item is uploaded; the item waits in the unmatched list.
// The passkey sign-in is tested in intern.test.ts: here the session comes from the real service.

const at = (iso: string) => new Date(`${iso}T05:00:00Z`);

async function draftedFile(server: AppServer) {
  const today = new Date().toISOString().slice(0, 10);
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = addDays(today, -5);
  app.rentalObject.rentalContract.movedInAt = addDays(today, 10);
  app.policyStartDate = addDays(today, 10);
  const body = { ...app, ...(await securityFields(server.url)) };
  const cid = (await call(server.url, 'POST', '/api/tenancies', body)).body.cid as string;
  let st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 100));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body).toMatchObject({ state: 'accepted' });
  const c = (
    await server.db.orm
      .select()
      .from(contracts)
      .where(eq(contracts.contractNumber, st.body.orderId as string))
  )[0]!;
  const money = server.processing!.money;
  let batchId: string | undefined;
  for (let d = -8; d < 0 && !batchId; d++)
    batchId = (await runCollection(money, at(addDays(c.firstDebitOn, d)))).batchId;
  expect(batchId).toBeTruthy();
  return c.applicationId;
}

async function signedIn(context: BrowserContext, token: string) {
  await context.clearCookies();
  await context.addCookies([
    { name: STAFF_COOKIE, value: token, domain: '127.0.0.1', path: '/api/staff' },
  ]);
}

const clean = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

describe('the page Zahlungsverkehr in /intern', () => {
  const ui = useBrowserApp();

  test('four eyes, one download, a bank file uploaded, the unmatched list', async () => {
    const server = ui.server;
    const applicationId = await draftedFile(server);
    const now = new Date();
    const sina = await staffWithSession(server.db, { role: 'supervisor', name: 'Sina Self', now });
    const bert = await staffWithSession(server.db, { role: 'supervisor', name: 'Bert Boss', now });
    const { context, page } = await ui.open();
    await signedIn(context, sina.token);

    await page.goto(`${server.url}/intern`);
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await expect.poll(() => page.locator('[data-count="money-drafts"]').textContent()).toBe('1');
    await page.getByRole('link', { name: /Bankdateien im Entwurf/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Zahlungsverkehr' }).waitFor();
    await page.getByRole('cell', { name: 'Entwurf', exact: true }).waitFor();
    await clean(page);
    await shoot(page, 'intern-money-draft');

    await page.getByRole('button', { name: 'Zur Freigabe vorlegen' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('Die Datei ist zur Freigabe vorgelegt.');
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain(moneyApiTexts.fourEyes);
    await clean(page);
    await shoot(page, 'intern-money-four-eyes');

    // Bert approves
    await signedIn(context, bert.token);
    await page.reload();
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('Die Datei ist freigegeben.');
    await page
      .getByRole('cell', { name: 'vorgelegt: Sina Self, freigegeben: Bert Boss' })
      .waitFor();

    // downloaded once: the button is gone afterwards
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Herunterladen (nur einmal)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pain\.008\.001\.08\.xml$/);
    await page.getByRole('cell', { name: 'Heruntergeladen', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Herunterladen (nur einmal)' }).count()).toBe(0);

    // the upload: nothing chosen → error summary tied to the field; then a camt.054
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await expect
      .poll(() => page.locator('.error-summary').textContent())
      .toContain('Bitte wählen Sie eine Bankdatei aus.');
    expect(
      await page
        .getByLabel('Bankdatei (camt.053, camt.054 oder pain.002, XML)')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await clean(page);
    const [debit] = await server.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, applicationId));
    const xml = camt054([
      {
        endToEndId: debit!.endToEndId,
        amount: (debit!.amountCents / 100).toFixed(2),
        reason: 'MS02',
      },
      { endToEndId: 'FREMD-0815', amount: '9.99', reason: 'AC04' },
    ]);
    await page.getByLabel('Bankdatei (camt.053, camt.054 oder pain.002, XML)').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await expect
      .poll(() => page.locator('[data-import-result]').textContent())
      .toBe('camt.054 eingelesen: 1 Buchung zugeordnet, 1 nicht zugeordnet (siehe Liste unten).');
    await page.getByRole('cell', { name: 'FREMD-0815' }).waitFor();
    await clean(page);
    await shoot(page, 'intern-money-imported', 1400);

    await page.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'FREMD-0815' }).count()).toBe(0);
    await context.close();
  }, 180_000);
});
