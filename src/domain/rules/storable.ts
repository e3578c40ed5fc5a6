import type { FormModel } from '../model/schema';
import { getField, type FieldPath } from '../model/paths';
import { hasForbiddenCharacters } from './characters';
import { maxLengths } from './maxLengths';
import type { FieldErrors } from './validate';

/** Text fields without a length of their own (dates, choices, codes) hold at most this much. */
export const defaultMaxLength = 255;

/**
 * Values a save refuses to store, whichever step they belong to (ADR 1108): text with forbidden
 * characters (invalidCharacters) and text longer than its field allows (maxLength). The rest of the
 * save is stored as usual ("store even with errors"); a refused field keeps its previous value and
 * carries the German message. Lengths count as the rules do: trimmed, IBANs without spaces, and
 * padding beyond twice the limit is refused as well.
 */
export function unstorableValues(model: FormModel, paths: readonly FieldPath[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of paths) {
    const value = getField(model, path);
    if (typeof value !== 'string') continue;
    if (hasForbiddenCharacters(value, path)) {
      errors[path] = ['invalidCharacters'];
      continue;
    }
    const max = maxLengths[path] ?? defaultMaxLength;
    const measured = path === 'bankAccount.iban' ? value.replace(/\s+/g, '') : value.trim();
    if (measured.length > max || value.length > 2 * max + 16) errors[path] = ['maxLength'];
  }
  return errors;
}
