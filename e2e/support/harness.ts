import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { AppPage } from './page';
import { startAppServer, type AppServer } from './server';

/**
 * One real server per test file (closed after the file) on the worker's one Chromium (ADR 1330),
 * and a fresh browser context per test: the setup every journey file shares. Call inside
 * `describe`.
 */
export function useBrowserApp(options?: Parameters<typeof startAppServer>[0]) {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = () => {
    if (!server || !browser) throw new Error('useBrowserApp: the server is not started yet');
    return { server, browser };
  };
  return {
    get server(): AppServer {
      return started().server;
    },
    async open() {
      const { server, browser } = started();
      const { context, page } = await newPage(browser, server.url);
      return { context, page, app: new AppPage(page) };
    },
  };
}
