import { describe, expect, test } from 'vitest';
import type { Request } from 'playwright-core';
import { fieldLabel } from '../src/domain/messages/de';
import { ui } from '../src/domain/messages/ui';
import { submitButton } from './support/scenario';
import { useBrowserApp } from './support/harness';

/**
 * Help, robustness and the lock in Chromium against the real server (new API, PGlite). Failures
 * of the network are made by the browser (a request aborted once), never by a fake server.
 */
describe('help sidebar, fallbacks and the interactive lock', () => {
  const harness = useBrowserApp();
  const open = () => harness.open();

  test('the help sidebar of a field shows the German text from /onlineantrag-sidebar/{name} and closes with Escape', async () => {
    const { context, page, app } = await open();
    const help = (await (
      await fetch(`${harness.server.url}/onlineantrag-sidebar/objective.deposit`)
    ).json()) as { title: string; paragraphs: string[] };
    expect(help.paragraphs.length).toBeGreaterThan(0);
    await app.goto('/start');
    await app.waitForPath('/start');
    const button = page.getByRole('button', {
      name: `${ui.buttons.help}: ${fieldLabel('objective.deposit')}`,
    });
    await button.click();
    const sidebar = page.locator('aside.sidebar');
    await expect.poll(() => sidebar.locator('h2').innerText()).toBe(help.title);
    expect(await sidebar.innerText()).toContain(help.paragraphs[0]);
    // Focus moves into the sidebar; Escape closes it and returns focus to the help button.
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('sidebar');
    await app.expectAccessible();
    await page.keyboard.press('Escape');
    expect(await sidebar.count()).toBe(0);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await context.close();
  });

  test("a failing translation file shows the fallback spinner 'using fallback translations', then the app", async () => {
    const { context, page, app } = await open();
    let failures = 1;
    await page.route('**/locales/de.json', (route) =>
      failures-- > 0 ? route.abort('connectionfailed') : route.continue(),
    );
    await app.goto('/start');
    await page.getByText(ui.technical.fallbackTranslations, { exact: true }).waitFor();
    // The retry loads the file and the first step appears in place of the spinner.
    await page.locator('#f-objective-deposit').waitFor();
    expect(app.path()).toBe('/start');
    expect(await page.getByText(ui.technical.fallbackTranslations).count()).toBe(0);
    await context.close();
  });

  test("a script chunk that fails to load shows the German message with 'Seite neu laden', which reloads", async () => {
    const { context, page, app } = await open();
    await page.route('**/assets/StartStep-*.js', (route) => route.abort('connectionfailed'));
    await app.goto('/start');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain(ui.technical.chunkLoadError);
    await app.expectAccessible();
    await page.unroute('**/assets/StartStep-*.js');
    await page.getByRole('button', { name: ui.technical.chunkLoadButton, exact: true }).click();
    await page.locator('#f-objective-deposit').waitFor();
    await context.close();
  });

  test('while a page chunk is on the way the page has its level-one heading and says it is busy', async () => {
    const { context, page, app } = await open();
    // Hold the error page's chunk until the loading state has been checked (CI, stop 34: axe ran
    // in the moment between the boot screen and the chunk and found no heading).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/ErrorPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await app.goto('/error?keys=unknown');
    await page.getByRole('status').filter({ hasText: ui.technical.loading }).waitFor();
    expect(await page.locator('main [aria-busy="true"] h1').count()).toBe(1);
    await app.expectAccessible();
    release();
    await app.waitForPath('/error');
    expect(await page.locator('h1').allInnerTexts()).toEqual([ui.errorPage.title]);
    await context.close();
  });

  test('a double click on forward sends one save', async () => {
    const { context, page, app } = await open();
    const saves: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/tenancies' && r.method() !== 'GET') saves.push(r);
    });
    await app.goto('/start');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1500');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).dblclick();
    await app.waitForPath('/uce');
    // The lock is held until 500 ms after the answer; then one more click would save again.
    await page.waitForFunction(
      () =>
        document.querySelector('form button[type=submit]')?.getAttribute('aria-disabled') === null,
    );
    expect(saves.map((r) => r.method())).toEqual(['POST']);
    await context.close();
  });

  test('no chat is loaded when none is configured', async () => {
    const { context, page, app } = await open();
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== harness.server.url) foreign.push(r.url());
    });
    await app.goto('/start');
    await app.waitForPath('/start');
    // Longer than the loader's 350 ms + 650 ms + 950 ms would take if it were running.
    await page.waitForTimeout(2_500);
    expect(foreign).toEqual([]);
    expect(await page.evaluate(() => 'chatwootSettings' in window)).toBe(false);
    await context.close();
  });
});
