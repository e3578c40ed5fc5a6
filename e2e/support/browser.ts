import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium with the team's flags (DEVELOPERS.md); playwright downloads nothing. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * One Chromium per test worker, started by the worker's first browser test and reused by the
 * files after it (ADR 1330): a launch cost a second or more per file under load, and the files of
 * a worker run one after another in one module graph (isolate: false). Playwright kills it when
 * the worker process ends. A Chromium that crashed or was closed is started again.
 */
let workerChromium: Promise<Browser> | undefined;

async function chromiumOfThisWorker(): Promise<Browser> {
  const running = workerChromium && (await workerChromium.catch(() => undefined));
  if (running?.isConnected()) return running;
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium missing at ${CHROMIUM} (apt-get install chromium)`);
  workerChromium = chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  return workerChromium;
}

/**
 * The worker's Chromium as a test file's own browser: everything is Chromium's, except that
 * close() closes only the contexts (cookies, storage, pages) this file opened and leaves Chromium
 * running for the next file. Every journey still gets its own context, as before.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromiumOfThisWorker();
  const opened = new Set<BrowserContext>();
  const keep = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (options) => keep(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      keep(page.context());
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((c) => c.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** A fresh context (own cookies and storage) per journey; German locale, Berlin time zone. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1024, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}
