import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** Screenshots to look at (COMMON.md): the page at 375 px and at 1280 px, full length. */
export const SHOTS = process.env.I11_SHOTS_DIR ?? '/tmp/i11-shots';

export async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
