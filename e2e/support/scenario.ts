import { expect } from 'vitest';
import type { AppPage } from './page';

/** One thing a tenant does on a page, addressed by model path (ids come from the path). */
export type Action =
  | { fill: string; value: string }
  | { choose: string; value: string }
  | { check: string }
  | { uncheck: string }
  | { select: string; value: string }
  | { click: string }
  /** Solves the ALTCHA proof of work by ticking its checkbox, like a tenant would. */
  | { captcha: true }
  /** Waits until the app has filled the field itself (bank name from the bank code). */
  | { filled: string };

/** A page of a journey: where we must be, what we do there, how we leave. */
interface ScenarioStep {
  at: string;
  do?: Action[];
  /** Default 'forward' (the form's submit button); 'none' to stay. */
  leave?: 'forward' | 'none';
  /** Exact label the forward button must carry on this page. */
  forwardLabel?: string;
}

export interface Journey {
  name: string;
  start: string;
  steps: ScenarioStep[];
  /** Where the journey ends and what that page must say. */
  end: { at: string; texts?: string[] };
}

export async function perform(app: AppPage, action: Action) {
  if ('fill' in action) await app.fill(action.fill, action.value);
  else if ('choose' in action) await app.choose(action.choose, action.value);
  else if ('check' in action) await app.check(action.check, true);
  else if ('uncheck' in action) await app.check(action.uncheck, false);
  else if ('select' in action) await app.select(action.select, action.value);
  else if ('captcha' in action) await app.solveCaptcha();
  else if ('filled' in action) await expect.poll(() => app.value(action.filled)).not.toBe('');
  else await app.clickButton(action.click);
}

export function submitButton(app: AppPage) {
  return app.page.locator('form button[type=submit]').first();
}

/** Replays a journey: every page is checked with axe before anything is typed into it. */
export async function runJourney(
  app: AppPage,
  journey: Journey,
  hooks: {
    /** Runs on every page after the tenant's actions, before leaving (and on the end page). */
    beforeLeave?: (at: string) => Promise<void>;
  } = {},
): Promise<string[]> {
  const visited: string[] = [];
  await app.goto(journey.start);
  for (const step of journey.steps) {
    await app.waitForPath(step.at);
    visited.push(step.at);
    await app.expectAccessible();
    for (const action of step.do ?? []) await perform(app, action);
    if (step.forwardLabel)
      expect((await submitButton(app).innerText()).trim()).toBe(step.forwardLabel);
    await hooks.beforeLeave?.(step.at);
    if ((step.leave ?? 'forward') === 'forward') await submitButton(app).click();
  }
  // The decision may take up to two minutes (spec); the overlay polls meanwhile.
  await app.waitForPath(journey.end.at, 120_000);
  visited.push(journey.end.at);
  await app.expectAccessible();
  const body = await app.page.locator('body').innerText();
  for (const text of journey.end.texts ?? []) expect(body).toContain(text);
  await hooks.beforeLeave?.(journey.end.at);
  return visited;
}
