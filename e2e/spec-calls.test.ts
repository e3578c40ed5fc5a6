import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { startAppServer } from './support/server';
import type { Page } from 'playwright-core';
import { hashCid } from '../src/server/services/cid';
import { completeNewApiApplication } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { addDays, todayInBerlin } from '../src/domain/dates';
import { useBrowserApp } from './support/harness';
import type { AppServer } from './support/server';
import { shoot } from './support/shots';

// Spec §7 table, the calls as the web app makes them (ADR 0831): the save's query carries
// product_selection (the page-global product) and, in the old mode, reconf_to; the rates call
// carries sum, payment and product_selection. Driven by the visible labels of the pages.

const isoIn = (n: number) => addDays(todayInBerlin(new Date()), n);

/** The fetch calls of a page, as URLs. */
function recordCalls(page: Page) {
  const urls: URL[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch') urls.push(new URL(r.url()));
  });
  return urls;
}

/** A complete application up to the extras, saved through the new API (a partner's system). */
async function draftUpToExtras(server: AppServer): Promise<string> {
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = isoIn(5);
  app.rentalObject.rentalContract.movedInAt = isoIn(10);
  app.policyStartDate = isoIn(5);
  return (await call(server.url, 'POST', '/api/tenancies?step=selling', app)).body.cid as string;
}

async function productOf(server: AppServer, cid: string) {
  const r = await server.db.executeSql(
    `SELECT p.product_selection FROM application_products p
     JOIN applications a ON a.id = p.application_id WHERE a.cid_hash = $1`,
    [hashCid(cid)],
  );
  return r.rows.map((x) => x.product_selection);
}

for (const generation of ['new', 'old'] as const) {
  describe(`spec §7 query parameters of the calls, ${generation} API`, () => {
    const harness = useBrowserApp({ env: { API_GENERATION: generation } });
    const savePath =
      generation === 'new' ? '/api/tenancies' : '/tenancy_steps_reconfigured/json_to_cid';
    const ratesPath = generation === 'new' ? '/api/rates' : '/ajax::tenancy_logic/rates';

    test('the save sends product_selection (the page-global product) and, old mode, reconf_to', async () => {
      const { context, page } = await harness.open();
      const calls = recordCalls(page);
      await page.goto('/start?product_selection=komfort');
      await page.getByLabel('Kautionshöhe in €').fill('1500');
      await page.getByLabel('Neuer Mietvertrag').check();
      await page.getByRole('button', { name: 'Weiter' }).click();
      await page.waitForURL((u) => u.pathname === '/uce');
      const save = calls.find((u) => u.pathname === savePath)!;
      expect(save.searchParams.get('step')).toBe('start');
      expect(save.searchParams.get('product_selection')).toBe('komfort');
      expect(save.searchParams.get('reconf_to')).toBe(generation === 'old' ? 'json' : null);
      const cid = new URL(page.url()).searchParams.get('cid')!;
      expect(await productOf(harness.server, cid)).toEqual(['komfort']);
      await context.close();
    });

    test('the rates call sends sum, payment and product_selection', async () => {
      const cid = await draftUpToExtras(harness.server);
      const { context, page } = await harness.open();
      const calls = recordCalls(page);
      await page.goto(`/check?cid=${cid}&product_selection=komfort`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => calls.some((u) => u.pathname === ratesPath)).toBe(true);
      const rates = calls.find((u) => u.pathname === ratesPath)!;
      expect(Object.fromEntries(rates.searchParams)).toEqual({
        sum: '1500',
        payment: '12',
        product_selection: 'komfort',
      });
      await context.close();
    });

    test('on /uce the web calls the checkout step endpoint: cid, partnerCode, subPartnerCode, product, step uce', async () => {
      const { context, page } = await harness.open();
      const bodies: { url: URL; body: URLSearchParams }[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'fetch' && r.method() === 'POST')
          bodies.push({ url: new URL(r.url()), body: new URLSearchParams(r.postData() ?? '') });
      });
      await page.goto('/uce?vm_id=IMMO1&uvm_id=B-BERLIN&product_selection=komfort');
      // Both codes: /uce saves them by itself and leads to the deposit.
      await page.waitForURL((u) => u.pathname === '/start');
      const cid = new URL(page.url()).searchParams.get('cid')!;
      await expect
        .poll(() => bodies.filter((b) => b.url.pathname === '/api/checkout/step').length)
        .toBe(1);
      const step = bodies.find((b) => b.url.pathname === '/api/checkout/step')!;
      expect(Object.fromEntries(step.body)).toEqual({
        cid,
        partnerCode: 'IMMO1',
        subPartnerCode: 'B-BERLIN',
        product: 'komfort',
        step: 'uce',
      });
      await expect.poll(() => productOf(harness.server, cid)).toEqual(['komfort']);
      await context.close();
    });

    test('check step: the SEPA mandate text names the mandate reference next to the creditor id', async () => {
      const cid = await draftUpToExtras(harness.server);
      const { context, page } = await harness.open();
      await page.goto(`/check?cid=${cid}`);
      const named = (await call(harness.server.url, 'GET', `/api/mandate?cid=${cid}`)).body;
      const mandate = page.getByText(/^SEPA-Lastschriftmandat:/);
      await expect.poll(() => mandate.innerText()).toContain(named.mandateReference);
      const text = await mandate.innerText();
      expect(text).toContain(`Gläubiger-Identifikationsnummer ${named.creditorId}`);
      expect(text).toContain(`Mandatsreferenz: ${named.mandateReference}.`);
      expect(text).not.toContain('wird Ihnen mit dem Versicherungsschein mitgeteilt');
      if (generation === 'new') await shoot(page, 'spec-check-mandate', 900);
      await context.close();
    });
  });
}

// Spec §7 "All calls go to a configured communication host": the web app served by one server
// talks to the API of another origin named in its configuration (API_HOST, ADR 0834); that server
// allows the web origin (CORS_ORIGINS).
describe('spec §7 configured communication host: web and API on two origins', () => {
  let web: AppServer;
  let api: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    // The API server learns the web origin after both listen (ports are chosen at start): its
    // allowed origins are the list the CORS plugin reads on every request.
    [api, browser] = await Promise.all([
      startAppServer({ env: { CORS_ORIGINS: 'http://placeholder.invalid' } }),
      launchBrowser(),
    ]);
    web = await startAppServer({ env: { API_HOST: api.url } });
    api.config.corsOrigins.splice(0, api.config.corsOrigins.length, new URL(web.url).origin);
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await api?.close();
  });

  test('the saves go to the configured host and are stored there', async () => {
    const { context, page } = await newPage(browser, web.url);
    const calls = recordCalls(page);
    await page.goto('/start');
    await page.getByLabel('Kautionshöhe in €').fill('1500');
    await page.getByLabel('Neuer Mietvertrag').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL((u) => u.pathname === '/uce');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL((u) => u.pathname === '/tenant');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const saves = calls.filter((u) => u.pathname === '/api/tenancies');
    expect(saves.length).toBeGreaterThanOrEqual(2);
    expect(saves.every((u) => u.origin === new URL(api.url).origin)).toBe(true);
    // Nothing but the app's configuration (preloaded, not a fetch) comes from the web origin.
    expect(calls.filter((u) => u.origin === new URL(web.url).origin)).toEqual([]);
    const cid = new URL(page.url()).searchParams.get('cid')!;
    const count = async (server: AppServer) =>
      (
        await server.db.executeSql(
          'SELECT count(*)::int AS n FROM applications WHERE cid_hash = $1',
          [hashCid(cid)],
        )
      ).rows[0]!.n;
    expect(await count(api)).toBe(1);
    expect(await count(web)).toBe(0);
    await context.close();
  });
});
