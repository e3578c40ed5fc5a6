import { fieldEntries } from '../fields/fields';

/** The consent boxes of the registry (`consent: true`). */
const consentPaths: ReadonlySet<string> = new Set(
  fieldEntries.filter(([, def]) => def.kind === 'bool' && def.consent).map(([path]) => path),
);

/**
 * The fields 'Später fortfahren' saves before it mails the link (issue 27): everything the step
 * shows, so nothing typed is lost, except
 * - the captcha and bot fields (a captcha solution is single-use; the server judges them only on
 *   the submission), and
 * - on the last step, the consent boxes: a consent is given when submitting, not kept for later,
 *   and without them the server's save of the last step cannot submit the application (it empties
 *   a shown field that was not sent, and a consent box must be ticked).
 */
export function saveForLaterMask(mask: readonly string[], lastStep: boolean): string[] {
  return mask.filter(
    (path) => !path.startsWith('security.') && !(lastStep && consentPaths.has(path)),
  );
}
