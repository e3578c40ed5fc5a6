import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

/** DOM ids the web app derives from model paths (src/web/forms/ids.ts, same rule). */
export const fieldSelector = (path: string) => `#f-${path.replace(/[^\w-]/g, '-')}`;

/** Page helpers shared by journeys: fill by model path, choose radios by value, click by text. */
export class AppPage {
  /** Every URL path the journey saw with a passing axe check. */
  readonly checked = new Set<string>();

  constructor(readonly page: Page) {}

  async goto(url: string) {
    await this.page.goto(url);
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }

  query(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  async waitForPath(path: string, timeout?: number) {
    try {
      await this.page.waitForURL((u) => u.pathname === path, { timeout });
      await this.page.locator('h1').first().waitFor({ timeout });
      // A page still loading its content says so (the result pages' card while they ask the
      // server for the state): wait until it has arrived.
      await this.page.locator('main [aria-busy="true"]').waitFor({ state: 'detached', timeout });
    } catch (err) {
      // Say where we are and what the page shows, so a failed journey explains itself.
      const shown = await this.page
        .locator('.error-summary, .notice--error, .field-error')
        .allInnerTexts()
        .catch(() => []);
      throw new Error(
        `expected ${path}, still at ${this.page.url()}; page says: ${shown.join(' | ')}`,
        {
          cause: err,
        },
      );
    }
  }

  async fill(path: string, value: string) {
    const el = this.page.locator(fieldSelector(path));
    await el.fill(value);
    await el.blur();
  }

  async choose(path: string, value: string) {
    await this.page.locator(`input[type=radio][name="${path}"][value="${value}"]`).check();
  }

  async check(path: string, on = true) {
    const el = this.page.locator(fieldSelector(path));
    if (on) await el.check();
    else await el.uncheck();
  }

  async select(path: string, value: string) {
    await this.page.locator(fieldSelector(path)).selectOption(value);
  }

  async solveCaptcha() {
    // By keyboard, the accessible path: focus the widget's checkbox and press space.
    await this.page.locator('altcha-widget input[type=checkbox]').first().focus();
    await this.page.keyboard.press('Space');
    await this.page.waitForFunction(
      () => (document.querySelector('input[name=captcha]') as HTMLInputElement | null)?.value,
      undefined,
      { timeout: 30_000 },
    );
  }

  async value(path: string): Promise<string> {
    return this.page.locator(fieldSelector(path)).inputValue();
  }

  async radioValue(path: string): Promise<string | null> {
    const el = this.page.locator(`input[type=radio][name="${path}"]:checked`);
    return (await el.count()) ? el.getAttribute('value') : null;
  }

  async clickButton(name: string | RegExp) {
    await this.page.getByRole('button', { name, exact: typeof name === 'string' }).click();
  }

  async fieldError(path: string): Promise<string | null> {
    const el = this.page.locator(`${fieldSelector(path)}-error`);
    return (await el.count()) ? (await el.innerText()).trim() : null;
  }

  async heading(): Promise<string> {
    return (await this.page.locator('h1').first().innerText()).trim();
  }

  /** Zero axe violations on the page as it is now (WCAG 2.1 AA + best practice). */
  /**
   * Every URL the page's DOM holds in a link, image, script, frame or form attribute (href, src,
   * srcset, action, formaction, data, poster): the result pages must not put the cid in any of them
   * (issue 15, ADR 0808).
   */
  async urlsInDom(): Promise<string[]> {
    return this.page.evaluate(() => {
      const attrs = ['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster'];
      const selector = attrs.map((a) => `[${a}]`).join(',');
      return [...document.querySelectorAll(selector)].flatMap((el) =>
        attrs.map((a) => el.getAttribute(a)).filter((v): v is string => !!v),
      );
    });
  }

  /** No URL in the DOM contains the cid (see urlsInDom); returns the URLs for further checks. */
  async expectNoCidInDom(cid: string): Promise<string[]> {
    expect(cid.length).toBeGreaterThan(10);
    const urls = await this.urlsInDom();
    expect(urls.filter((u) => u.includes(cid) || u.includes(encodeURIComponent(cid)))).toEqual([]);
    return urls;
  }

  async expectAccessible() {
    const violations = await axeViolations(this.page);
    expect(violations).toEqual([]);
    this.checked.add(this.path());
  }
}

/** Pixels the page is wider than the viewport (0 = no horizontal scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
