import { describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import { resultTexts } from '../src/domain/messages/results';
import { fieldErrorMessages } from '../src/domain/messages/errors';
import { fieldLabel as labelOf } from '../src/domain/messages/de';
import { launchBrowser } from './support/browser';
import { AppPage } from './support/page';
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
  /** Weiter right after typing a deposit above the maximum, with the pointer as a tenant does. */
  async function singleErrorAfterForward(app: AppPage, press: 'click' | 'tap') {
    const { page } = app;
    await app.goto('/start');
    await app.waitForPath('/start');
    await page.getByLabel(ui.options.target.newContract).check();
    // Typed, not left: the press on Weiter is what takes the focus away from the field.
    await page.getByLabel(labelOf('objective.deposit')).fill('60000');
    const weiter = page.getByRole('button', { name: 'Weiter', exact: true });
    if (press === 'tap') await weiter.tap();
    else await weiter.click();
    const summary = page.getByRole('alert').filter({ hasText: ui.errorsSummary.title });
    await summary.waitFor();
    const message = fieldErrorMessages['objective.deposit']!.tooHigh!;
    expect(await summary.innerText()).toContain(`${labelOf('objective.deposit')}: ${message}`);
    // GOV.UK: the summary takes the focus, the title starts with the word for error.
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.title()).toMatch(/^Fehler: /);
    await app.expectAccessible();
    // Its entry leads to the field, which says the same.
    await summary.getByRole('link').click();
    expect(
      await page
        .getByLabel(labelOf('objective.deposit'))
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await app.fieldError('objective.deposit')).toBe(message);
    expect(app.path()).toBe('/start');
  }

  test('one error after Weiter: an error summary that takes the focus (mouse, 375 and 1280 px)', async () => {
    for (const width of [375, 1280]) {
      const { context, page, app } = await harness.open();
      await page.setViewportSize({ width, height: 800 });
      await singleErrorAfterForward(app, 'click');
      if (width === 375) await shoot(page, 'friction-single-error');
      await context.close();
    }
  }, 120_000);

  test('one error after Weiter on a touch screen: the tap still reaches Weiter', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        baseURL: harness.server.url,
        locale: 'de-DE',
        viewport: { width: 375, height: 740 },
        hasTouch: true,
        isMobile: true,
      });
      await singleErrorAfterForward(new AppPage(await context.newPage()), 'tap');
      await context.close();
    } finally {
      await browser.close();
    }
  }, 120_000);
});
