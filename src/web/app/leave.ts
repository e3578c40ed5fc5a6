import { externalRedirectDelayMs } from '../../domain/rules/limits';

/** True when the URL points at another origin than this app (a full page load leaves us). */
export function isExternal(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/** Leaves for another website after 400 ms (spec §4/§9), time for the status message to be announced. */
export function leaveTo(url: string): () => void {
  const timer = setTimeout(() => window.location.assign(url), externalRedirectDelayMs);
  return () => clearTimeout(timer);
}
