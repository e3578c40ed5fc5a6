import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import { launchBrowser, newPage } from './support/browser';
import { AppPage, horizontalOverflow } from './support/page';
import { runJourney } from './support/scenario';
import { startAppServer, type AppServer } from './support/server';
import { startLandingPage, type Peer } from './support/peers';
import { useBrowserApp } from './support/harness';
import {
  existingContract,
  newContractDigital,
  partnerLink,
  reservation,
  twoTenantsPostal,
} from './journeys';

const CREDITOR_ID = 'DE02ZZZ01234567890';

/**
 * Issue 5 item 2: the web app runs against the old API generation by server configuration
 * (API_GENERATION=old). The cheapest proof that covers the rest: the full new-contract journey on
 * the old API and PostgreSQL, on a 320 px phone (no horizontal scrolling on any page), with the
 * configured SEPA creditor id on the check page; the reservation (its own old save endpoint) and
 * the partner link (old partner lookup) too. The pages after processing are configured on another
 * website (CALLBACK_BASE_URL): the app says so and leaves after 400 ms with the result in the query.
 * The remaining journeys run on the old API below (PGlite), and all of them on the new API in
 * journeys.test.ts.
 */
describe('old API generation on PostgreSQL', () => {
  let server: AppServer;
  let browser: Browser;
  let landing: Peer;
  beforeAll(async () => {
    landing = await startLandingPage();
    [server, browser] = await Promise.all([
      startAppServer({
        engine: 'postgres',
        env: {
          API_GENERATION: 'old',
          SEPA_CREDITOR_ID: CREDITOR_ID,
          CALLBACK_BASE_URL: landing.url,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await landing?.close();
  });
  /** Texts the processing overlay showed, reported from the page as they appear (order only). */
  const overlayTexts = async (page: Page) => {
    const seen: string[] = [];
    await page.exposeFunction('__overlayText', (t: string) => void seen.push(t));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const t = document.getElementById('processing-text')?.textContent ?? '';
        const w = window as unknown as { __last?: string; __overlayText: (t: string) => void };
        if (t && t !== w.__last) w.__overlayText((w.__last = t));
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    return seen;
  };

  test(`${newContractDigital.name} at 320 px`, async () => {
    const { context, page } = await newPage(browser, server.url, { width: 320, height: 640 });
    const app = new AppPage(page);
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (r.resourceType() === 'fetch') calls.push(`${r.method()} ${u.pathname}`);
    });
    const seen = await overlayTexts(page);
    const overflow: string[] = [];
    await runJourney(app, newContractDigital, {
      beforeLeave: async (at) => {
        const px = await horizontalOverflow(page);
        if (px > 0) overflow.push(`${at}: ${px}px too wide`);
        if (at === '/check') expect(await page.locator('body').innerText()).toContain(CREDITOR_ID);
      },
    });
    expect(overflow).toEqual([]);
    // Left for the configured website with the spec's payload, after saying so.
    expect(page.url().startsWith(`${landing.url}/callback/danke?`)).toBe(true);
    expect(app.query('is_accepted')).toBe('true');
    expect(app.query('version')).toBe('2');
    expect(app.query('vertragsnr')).not.toBe('');
    // The cid never goes to another origin (issue 15 item 6).
    expect(app.query('cid')).toBeNull();
    expect(seen).toEqual([ui.processing.contract, ui.leaving]);
    // The old paths and wire format were used; nothing went to the new API's tenancy routes.
    expect(calls).toContain('PUT /tenancy_steps_reconfigured/json_to_cid');
    expect(calls).toContain('GET /ajax::tenancy_logic/rates');
    expect(calls.filter((c) => c.includes('/api/tenancies'))).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('old API generation: every other journey', () => {
  // PGlite: the old reservation endpoint, the old partner lookup, and the remaining journeys, so
  // that every journey of issue 4 also passes on the old API.
  const harness = useBrowserApp({ env: { API_GENERATION: 'old' } });
  /** The fetch calls a page makes, as 'METHOD /path'. */
  const recordCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return calls;
  };

  for (const journey of [twoTenantsPostal, existingContract]) {
    test(
      journey.name,
      async () => {
        const { context, page, app } = await harness.open();
        const calls = recordCalls(page);
        await runJourney(app, journey);
        expect(app.query('is_accepted')).toBe('true');
        expect(calls).toContain('PUT /tenancy_steps_reconfigured/json_to_cid');
        expect(calls.filter((c) => c.includes('/api/tenancies'))).toEqual([]);
        await context.close();
      },
      180_000,
    );
  }

  test(
    reservation.name,
    async () => {
      const { context, page, app } = await harness.open();
      const calls = recordCalls(page);
      await runJourney(app, reservation);
      expect(await app.heading()).toBe(ui.result.reservationAccepted);
      expect(calls).toContain('PUT /tenancy_reservation_steps_reconfigured/json_to_cid');
      await context.close();
    },
    120_000,
  );

  test(
    partnerLink.name,
    async () => {
      const { context, page, app } = await harness.open();
      await runJourney(app, partnerLink);
      expect(await page.locator('#f-billing-partner_code').count()).toBe(0);
      // The hidden codes went through the old API's json_to_cid too (ADR 0700).
      const loaded = await page.request.get(
        `/tenancy_steps_reconfigured/cid_to_json?cid=${app.query('cid')}`,
      );
      expect((await loaded.json()).tenancy_retail).toMatchObject({
        billing: { partner_code: 'IMMO1' },
        uce: { subPartnerCode: 'B-BERLIN' },
      });
      await context.close();
    },
    60_000,
  );
});
