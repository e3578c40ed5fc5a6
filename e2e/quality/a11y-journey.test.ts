import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ui } from '../../src/domain/messages/ui';
import { startProductServer, type ChildServer } from '../../bench/lib/childServer';
import { launchBrowser, newPage } from '../support/browser';
import { AppPage } from '../support/page';
import { perform, submitButton } from '../support/scenario';
import { newContractDigital } from '../journeys';
import {
  expectNoHorizontalScroll,
  journeyWithEmail,
  stepsWithRequiredFields,
} from './support/checks';

// Issue 7, accessibility and privacy in one browser journey against the real server process:
// axe on every page and every error state, the error summary takes focus, the processing message
// is a live region, reflow at 200 % zoom (1280 x 800 CSS px at 200 % = 640 x 400), and the
// server's whole log output (level trace) never shows the IBAN, e-mail address or cid in clear.
const EMAIL = 'quality.logscan@example.org';
const IBAN = 'DE89370400440532013000';

describe('accessible journey with a clean log (PGlite, server as its own process)', () => {
  let server: ChildServer;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'mk-a11y-'));
  beforeAll(async () => {
    const webDistDir = inject('webDistDir');
    if (!webDistDir) throw new Error(inject('webBuildError') || 'web app not built');
    // allSettled: when the browser cannot start, the server process is still stopped in afterAll.
    const [s, b] = await Promise.allSettled([
      startProductServer({
        DATA_DIR: dir,
        WEB_DIST_DIR: webDistDir,
        LOG_LEVEL: 'trace',
        SERVER_SECRET: 'test-secret-0123456789abcdef',
        CAPTCHA_MAX_NUMBER: '1000',
        BOT_MIN_FILL_SECONDS: '0',
      }),
      launchBrowser(),
    ]);
    if (s.status === 'fulfilled') server = s.value;
    if (b.status === 'fulfilled') browser = b.value;
    for (const r of [s, b]) if (r.status === 'rejected') throw r.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every page and error state passes axe; summary focus; live region; reflow; no personal data in logs', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 640, height: 400 });
    const app = new AppPage(page);
    const journey = journeyWithEmail(newContractDigital, EMAIL);
    const cids = new Set<string>();

    // The status answers are held until the overlay has been checked (then passed on unchanged).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/application/state/**', async (route) => {
      await held;
      await route.continue();
    });

    await app.goto(journey.start);
    for (const step of journey.steps) {
      await app.waitForPath(step.at);
      await app.expectAccessible();
      await expectNoHorizontalScroll(page, step.at);
      if (stepsWithRequiredFields.has(step.at)) {
        await submitButton(app).click();
        const summary = page.locator('.error-summary');
        await summary.waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.className ?? ''))
          .toContain('error-summary');
        expect(await summary.getAttribute('role')).toBe('alert');
        expect(await summary.locator('a').count()).toBeGreaterThan(0);
        await app.expectAccessible();
        await expectNoHorizontalScroll(page, `${step.at} with errors`);
      }
      for (const action of step.do ?? []) await perform(app, action);
      const cid = app.query('cid');
      if (cid) cids.add(cid);
      await submitButton(app).click();
    }

    // The processing overlay: its message is a live region, focus is inside it, axe is clean.
    const message = page.locator('#processing-text');
    await message.waitFor();
    expect((await message.innerText()).trim()).toBe(ui.processing.contract);
    expect(await message.getAttribute('role')).toBe('status');
    expect(await message.getAttribute('aria-live')).toMatch(/^(polite|assertive)$/);
    await app.expectAccessible();
    await expectNoHorizontalScroll(page, 'processing overlay');
    release();

    await app.waitForPath(journey.end.at);
    await app.expectAccessible();
    await expectNoHorizontalScroll(page, journey.end.at);

    for (const keys of [
      'unknown',
      'unknown,already_submitted,reservation_expired,days_to_keep_data_exceeded',
    ]) {
      await app.goto(`/error?keys=${keys}`);
      await app.waitForPath('/error');
      await app.expectAccessible();
      await expectNoHorizontalScroll(page, `/error?keys=${keys}`);
    }
    await context.close();

    // The log: present and detailed (trace), yet without the personal data of this journey.
    await server.stop();
    const log = server.output();
    expect(log).toContain('"msg":"request"');
    expect(cids.size).toBeGreaterThan(0);
    const spacedIban = IBAN.replace(/(.{4})/g, '$1 ').trim();
    for (const secret of [EMAIL, IBAN, spacedIban, ...cids]) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    expect(log.toLowerCase()).not.toContain(EMAIL.toLowerCase());
  }, 240_000);
});
