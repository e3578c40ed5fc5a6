import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Journey } from '../../support/scenario';
import { tenant } from '../../journeys';

/** WCAG 1.4.10 reflow: nothing wider than the viewport, so no horizontal scrolling. */
export async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scroll, client, wide } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // The innermost elements that stick out: what to fix when this fails.
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > client + 0.5)
      .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > client + 0.5))
      .slice(0, 4)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"`,
      );
    return {
      scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      client,
      wide,
    };
  });
  expect(
    scroll,
    `${where}: page is ${scroll}px wide in a ${client}px viewport; sticking out: ${wide.join('; ')}`,
  ).toBeLessThanOrEqual(client);
}

/**
 * The issue-4 journey (e2e/journeys.ts) with its own e-mail address, so the log scan and
 * the assertions look for values that only this journey used.
 */
export function journeyWithEmail(base: Journey, email: string): Journey {
  return {
    ...base,
    steps: base.steps.map((s) =>
      s.at === '/tenant' ? { ...s, do: tenant('firstTenant', 'Mustermann', email) } : s,
    ),
  };
}

/** Steps whose forward button, pressed on the empty form, must show the error summary. */
export const stepsWithRequiredFields = new Set([
  '/start',
  '/tenant',
  '/landlord',
  '/object',
  '/payment',
  '/check',
]);
