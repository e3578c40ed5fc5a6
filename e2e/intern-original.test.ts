import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { statusOf } from '../src/server/contracts/testing/afterSale';
import { acceptedContract } from './support/contracts';
import { staffWithSession } from '../src/server/staff/testing/staffSession';
import { STAFF_COOKIE } from '../src/server/staff/sessions';
import type { TestServer } from '../src/server/testing/server';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { shoot } from './support/shots';
import { startAppServer, type AppServer } from './support/server';

// Issue 27 (ADR 0925): the guarantee also ends when the original certificate comes back. Staff
// record it on the contract page in two steps; the status and the timeline follow.
describe('original certificate returned, in the back office', () => {
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test.each([1280, 375])('recorded in two steps at %i px', async (width) => {
    const { number, applicationId: id } = await acceptedContract(server);
    const m = await staffWithSession(server.db, {
      role: 'staff',
      name: `Otto Post ${width}`,
      now: new Date(),
    });
    const { context, page } = await newPage(browser, server.url, { width, height: 800 });
    await context.addCookies([{ name: STAFF_COOKIE, value: m.token, url: server.url }]);
    await page.goto(`${server.url}/intern/vorgang/${number}`);
    const section = page.getByRole('region', { name: 'Originalurkunde eingegangen' });
    await section.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Eingang der Originalurkunde erfassen' }).click();
    // One tap never ends a guarantee: the second step can still be cancelled.
    await section.getByRole('button', { name: 'Abbrechen' }).click();
    expect(await statusOf(server as unknown as TestServer, id)).toBe('active');
    await section.getByRole('button', { name: 'Eingang der Originalurkunde erfassen' }).click();
    await shoot(page, `intern-original-${width}`);
    await section.getByRole('button', { name: 'Eingang verbindlich erfassen' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Der Eingang der Originalurkunde ist erfasst' })
      .waitFor();
    await expect.poll(() => statusOf(server as unknown as TestServer, id)).toBe('released');
    // the section is gone once the guarantee has ended
    await expect.poll(() => section.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
