import axe from 'axe-core';
import type { Page } from 'playwright-core';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * WCAG 2.1 AA: the whole page, every rule tagged up to AA. Returns readable violations.
 *
 * axe-core is injected once per document and run again on each check (ADR 0304): the app has no
 * frames, and axe reads the DOM afresh on every run. @axe-core/playwright injected the 650 kB
 * source on every check and opened a blank page for its finishing step, 1.5 to 5 s a check on
 * this machine against 0.3 to 0.5 s for this; same rules, same results.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate(
    () => typeof (window as { axe?: typeof axe }).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(axe.source);
  const result = await page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values },
      }),
    tags,
  );
  return result.violations.map(
    (v) =>
      `${page.url()} ${v.id}: ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}
