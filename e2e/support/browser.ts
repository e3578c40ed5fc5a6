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

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium missing at ${CHROMIUM} (apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
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
