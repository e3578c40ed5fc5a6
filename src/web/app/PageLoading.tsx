import type { ReactNode } from 'react';
import { ui } from '../text';

/**
 * A page whose texts or code are still on the way (the boot screen, a page chunk loading): a
 * level-one heading from the first paint (axe: page-has-heading-one), hidden because the page's
 * own heading follows, and `aria-busy` until it has. Without it the page had no heading between
 * the boot screen and the page's chunk, and a check run in that moment saw none (CI, stop 34).
 */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <div aria-busy="true">
      <h1 className="visually-hidden">{ui.appTitle}</h1>
      {children}
    </div>
  );
}
