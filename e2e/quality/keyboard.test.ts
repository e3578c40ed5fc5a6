import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../../src/server/testing/server';
import { launchBrowser, newPage } from '../support/browser';
import { AppPage } from '../support/page';
import { startAppServer } from '../support/server';
import { newContractDigital } from '../journeys';
import { expectNoHorizontalScroll, journeyWithEmail } from './support/checks';
import { performByKeyboard, submitByKeyboard } from './support/keyboard';

// Issue 7: the whole wizard with the keyboard alone (Tab, typing, Space, arrows, Enter; no mouse,
// no element.fill/click), on a 320 px wide phone screen where nothing may scroll sideways (WCAG
// 1.4.10), against PostgreSQL. The journey is the issue-4 one, so it grows with the wizard.
describe('keyboard-only journey at 320 px (PostgreSQL)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startAppServer({ engine: 'postgres', env: { CAPTCHA_MAX_NUMBER: '1000' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('every step is completed by keyboard and reflows at 320 px', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 320, height: 640 });
    const app = new AppPage(page);
    const journey = journeyWithEmail(newContractDigital, 'keyboard.only@example.org');
    await app.goto(journey.start);
    const visited: string[] = [];
    for (const step of journey.steps) {
      await app.waitForPath(step.at);
      visited.push(step.at);
      await expectNoHorizontalScroll(page, step.at);
      for (const action of step.do ?? []) await performByKeyboard(page, action);
      await expectNoHorizontalScroll(page, `${step.at} filled`);
      await submitByKeyboard(page);
    }
    await app.waitForPath(journey.end.at);
    await expectNoHorizontalScroll(page, journey.end.at);
    expect(app.query('is_accepted')).toBe('true');
    expect(visited).toEqual(journey.steps.map((s) => s.at));
    await context.close();
  }, 180_000);
});
