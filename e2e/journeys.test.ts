import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ui } from '../src/domain/messages/ui';
import type { AppServer as TestServer } from './support/server';
import { launchBrowser, newPage } from './support/browser';
import { AppPage } from './support/page';
import { runJourney } from './support/scenario';
import { startAppServer } from './support/server';
import { newContractDigital } from './journeys';

describe('journeys', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test(
    newContractDigital.name,
    async () => {
      const { context, page } = await newPage(browser, server.url);
      const app = new AppPage(page);
      await runJourney(app, newContractDigital);
      expect(app.query('is_accepted')).toBe('true');
      expect(app.query('version')).toBe('2');
      expect(app.query('digital')).toBe('true');
      expect(await app.heading()).toBe(ui.result.accepted);
      await context.close();
    },
    180_000,
  );
});
