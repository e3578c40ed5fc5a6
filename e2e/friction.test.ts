import { describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import { resultTexts } from '../src/domain/messages/results';
import { useBrowserApp } from './support/harness';
import { shoot } from './support/shots';

/** Holds every request to `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  await page.route(pattern, (route: Route) => {
    held.push(gate.then(() => route.continue()));
  });
  return {
    /** Resolves once a request has been held. */
    arrived: () => expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0),
    release: async () => {
      open();
      await Promise.all(held);
      await page.unroute(pattern);
    },
  };
}

const h1 = (page: Page) => page.locator('h1');

// Issue 27, "What tenants trip over": each friction in Chromium against the real server, driven
// by the labels a tenant reads, axe on every state.
describe('tenant friction (issue 27)', () => {
  const harness = useBrowserApp({ env: { BOT_MIN_FILL_SECONDS: '0' } });

  test('/callback/danke and /sofortzusage have their h1 from the first paint while they load', async () => {
    const { context, page, app } = await harness.open();
    const cid = 'AAAAAAAAAAAAAAAAAAAAAA';
    // 1. The app itself is still booting (translations on the way).
    const boot = await hold(page, '**/locales/de.json');
    const chunk = await hold(page, '**/assets/CallbackPage-*.js');
    const state = await hold(page, '**/api/application/state/**');
    await page.goto(`/callback/danke?cid=${cid}`);
    await boot.arrived();
    expect(await h1(page).count()).toBe(1);
    expect(await h1(page).textContent()).toBe(ui.appTitle);
    await app.expectAccessible();
    await boot.release();
    // 2. The page's code is on the way.
    await chunk.arrived();
    await expect.poll(() => h1(page).innerText()).toBe(ui.result.loadingTitle);
    await app.expectAccessible();
    await chunk.release();
    // 3. The page asks the server for the state.
    await state.arrived();
    await expect.poll(() => page.getByRole('status').innerText()).toBe(ui.technical.loading);
    expect(await h1(page).innerText()).toBe(ui.result.loadingTitle);
    await app.expectAccessible();
    await shoot(page, 'friction-callback-loading');
    await state.release();
    // 4. The answer: this cid has no result.
    await app.waitForPath('/callback/danke');
    expect(await h1(page).innerText()).toBe(resultTexts.notFound);
    await app.expectAccessible();

    // The reservation's page alike.
    const reservationState = await hold(page, '**/api/reservation/state/**');
    await page.goto(`/callback/sofortzusage?cid=${cid}`);
    await reservationState.arrived();
    await expect.poll(() => h1(page).innerText()).toBe(ui.result.reservationLoadingTitle);
    await app.expectAccessible();
    await reservationState.release();
    await app.waitForPath('/callback/sofortzusage');
    expect(await h1(page).innerText()).toBe(resultTexts.notFound);
    await context.close();
  }, 120_000);
});
