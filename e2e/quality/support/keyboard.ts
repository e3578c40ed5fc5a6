import type { Page } from 'playwright-core';
import type { Action } from '../../support/scenario';
import { fieldSelector } from '../../support/page';

const MAX_TABS = 250;

/** What the focused element is (looking into shadow roots): tag, id, name, type, value, text. */
function focused(page: Page) {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    const input = el as HTMLInputElement | null;
    const host = el?.getRootNode() as ShadowRoot | Document | undefined as ShadowRoot | undefined;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      name: input?.name ?? '',
      type: input?.type ?? '',
      value: input?.value ?? '',
      checked: !!input?.checked,
      text: (el?.textContent ?? '').trim(),
      inCaptcha: !!(el?.closest('altcha-widget') || host?.host?.tagName === 'ALTCHA-WIDGET'),
      isForward: !!el && el === document.querySelector('form button[type=submit]'),
    };
  });
}
type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab until `want` holds for the focused element (bounded); throws with what it saw. */
async function tabTo(page: Page, what: string, want: (f: Focused) => boolean): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    const f = await focused(page);
    if (want(f)) return f;
    seen.push(f.id || f.name || f.tag);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}; saw ${[...new Set(seen)].slice(0, 40).join(' ')}`);
}

const idOf = (path: string) => fieldSelector(path).slice(1);

/** Does one journey action with the keyboard alone: Tab, typing, Space, arrows, Enter. */
export async function performByKeyboard(page: Page, action: Action): Promise<void> {
  if ('fill' in action) {
    await tabTo(page, action.fill, (f) => f.id === idOf(action.fill));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type(action.value);
    await page.keyboard.press('Tab');
  } else if ('choose' in action) {
    const f = await tabTo(
      page,
      action.choose,
      (x) => x.type === 'radio' && x.name === action.choose,
    );
    if (f.value === action.value) {
      if (!f.checked) await page.keyboard.press('Space');
    } else {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('ArrowDown');
        if ((await focused(page)).value === action.value) break;
      }
    }
    const now = await focused(page);
    if (now.value !== action.value || !now.checked)
      throw new Error(`arrows did not select ${action.choose}=${action.value}`);
  } else if ('check' in action || 'uncheck' in action) {
    const path = 'check' in action ? action.check : action.uncheck;
    const f = await tabTo(page, path, (x) => x.id === idOf(path));
    if (f.checked !== 'check' in action) await page.keyboard.press('Space');
  } else if ('captcha' in action) {
    await tabTo(page, 'the captcha checkbox', (x) => x.inCaptcha && x.type === 'checkbox');
    await page.keyboard.press('Space');
    await page.waitForFunction(
      () => (document.querySelector('input[name=captcha]') as HTMLInputElement | null)?.value,
      undefined,
      { timeout: 30_000 },
    );
  } else if ('click' in action) {
    await tabTo(
      page,
      action.click,
      (x) => (x.tag === 'button' || x.tag === 'a') && x.text === action.click,
    );
    await page.keyboard.press('Enter');
  } else {
    throw new Error(`no keyboard path written for ${JSON.stringify(action)}`);
  }
}

/**
 * Tabs to the form's submit button and presses Enter once it is no longer aria-disabled (the
 * spec's interactive lock holds forward for 500 ms after a save; a person would hear "dimmed").
 */
export async function submitByKeyboard(page: Page): Promise<void> {
  await tabTo(page, 'the forward button', (f) => f.isForward);
  await page.waitForFunction(
    () =>
      document.querySelector('form button[type=submit]')?.getAttribute('aria-disabled') !== 'true',
  );
  await page.keyboard.press('Enter');
}
