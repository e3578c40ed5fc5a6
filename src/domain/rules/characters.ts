import type { FieldPath } from '../model/paths';

/**
 * Characters no field may hold (issue 15 item 8): NUL and the other C0/C1 control characters,
 * DEL, lone UTF-16 surrogates (not text; PostgreSQL's jsonb refuses them), the bidirectional
 * embedding, override and isolate controls and marks (they reorder what a name looks like in
 * e-mails, pages and documents: "Trojan Source"), line and paragraph separators, the BOM and the
 * non-characters U+FFFE/U+FFFF. Multi-line fields keep tab and line breaks.
 */
const forbidden =
  // Matching control characters is this rule's whole point.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const lineBreaks = /[\t\n\r]/;

/** Free-text fields shown as a text area: line breaks and tabs are text there. */
const multiLineFields: ReadonlySet<FieldPath> = new Set<FieldPath>(['object.predamageDetail']);

/**
 * The text without any forbidden character (and, single-line, without line breaks): for output
 * of values stored before the rule existed (e-mails, documents), never instead of refusing input.
 */
export function withoutForbiddenCharacters(value: string): string {
  return value.replace(new RegExp(forbidden.source, 'g'), '').replace(/[\t\n\r]+/g, ' ');
}

export function hasForbiddenCharacters(value: string, path?: FieldPath): boolean {
  if (forbidden.test(value)) return true;
  return !(path && multiLineFields.has(path)) && lineBreaks.test(value);
}
