import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import { launchBrowser, newPage } from './support/browser';
import { AppPage, horizontalOverflow } from './support/page';
import { runJourney } from './support/scenario';
import { startAppServer, type AppServer } from './support/server';
import { newContractDigital } from './journeys';

const CREDITOR_ID = 'DE02ZZZ01234567890';

/**
 * Issue 5 item 2: the web app runs against the old API generation by server configuration
 * (API_GENERATION=old). The cheapest proof that covers the rest: the full new-contract journey on
 * the old API and PostgreSQL, on a 320 px phone (no horizontal scrolling on any page), with the
 * configured SEPA creditor id on the check page. The other journeys run on the new API (PGlite).
 */
describe('old API generation on PostgreSQL', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer({
        engine: 'postgres',
        env: { API_GENERATION: 'old', SEPA_CREDITOR_ID: CREDITOR_ID },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test(`${newContractDigital.name} at 320 px`, async () => {
    const { context, page } = await newPage(browser, server.url, { width: 320, height: 640 });
    const app = new AppPage(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (r.resourceType() === 'fetch') calls.push(`${r.method()} ${u.pathname}`);
    });
    const overflow: string[] = [];
    await runJourney(app, newContractDigital, {
      beforeLeave: async (at) => {
        const px = await horizontalOverflow(page);
        if (px > 0) overflow.push(`${at}: ${px}px too wide`);
        if (at === '/check') expect(await page.locator('body').innerText()).toContain(CREDITOR_ID);
      },
    });
    expect(overflow).toEqual([]);
    expect(app.query('is_accepted')).toBe('true');
    expect(await app.heading()).toBe(ui.result.accepted);
    // The old paths and wire format were used; nothing went to the new API's tenancy routes.
    expect(calls).toContain('PUT /tenancy_steps_reconfigured/json_to_cid');
    expect(calls).toContain('GET /ajax::tenancy_logic/rates');
    expect(calls.filter((c) => c.includes('/api/tenancies'))).toEqual([]);
    await context.close();
  }, 180_000);
});
