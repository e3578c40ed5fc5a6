import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Screenshots to look at while working on a page: written only when SHOTS_DIR names a directory.
 * They assert nothing, and two full-page shots with their resizes cost 0.5 to 1 s each, about
 * twenty of them a test run (README, tests only).
 */
const SHOTS = process.env.SHOTS_DIR ?? '';

/** The page at 375 px and at 1280 px, full length (height 800 unless given). */
export async function shoot(page: Page, name: string, height = 800) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** One screenshot of the page as it is now (a passing state such as the processing overlay). */
export async function snap(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
