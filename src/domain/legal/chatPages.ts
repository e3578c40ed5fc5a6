import { legalSlugOfPath } from './slugs';

/**
 * Where the configured chat script (CHAT_URL) may run (ADR 1133): only on the legal and contact
 * pages, which show no personal data and carry no cid. A third-party script in our document can
 * read everything the document shows or keeps (the IBAN on the check page, the cid in the history
 * state, the contract page), so no application, result, contract, withdrawal or verification page
 * ever loads it. The server sends the chat origin in the CSP only for these paths; the web app
 * loads the chat only in a document that began on one of them and reloads when it leaves them.
 */
export function chatAllowedOn(pathname: string): boolean {
  return legalSlugOfPath(pathname) !== undefined;
}
