import type { FieldPath } from '../model/paths';
import type { ErrorCode } from '../rules/codes';
import { maxLengths } from '../rules/maxLengths';
import { defaultMaxLength } from '../rules/storable';
import {
  codeMessages,
  errorKeyMessages,
  fieldErrorMessages,
  globalAppendix,
  maxLengthMessage,
} from './errors';
import { fieldLabels } from './fieldLabels';
import { ui } from './ui';

/** The one German catalogue. */
export const de = {
  ui,
  fields: fieldLabels,
  errors: {
    byField: fieldErrorMessages,
    byCode: codeMessages,
    keys: errorKeyMessages,
    globalAppendix,
    maxLength: maxLengthMessage,
  },
} as const;

/** The German sentence for an error on a field; never returns a raw code. */
export function fieldMessage(
  path: FieldPath | string,
  code: ErrorCode | string,
  // Accepted for callers that pass the model or parameters; every sentence is fixed per code.
  _context?: unknown,
): string {
  if (code === 'maxLength') {
    const n =
      maxLengths[path as FieldPath] ?? (path === 'bankAccount.iban' ? 34 : defaultMaxLength);
    return maxLengthMessage(n);
  }
  return (
    fieldErrorMessages[path]?.[code as ErrorCode] ??
    codeMessages[code as ErrorCode] ??
    codeMessages.invalid
  );
}

/** The label of a field, e.g. for the error summary ('PLZ: PLZ muss 5 stellig sein'). */
export const fieldLabel = (path: FieldPath | string): string => fieldLabels[path] ?? path;

/** /error?keys=... (spec §8): lowercase key -> message, unknown keys -> the 'unknown' message. */
export function errorKeyMessage(key: string): string {
  const k = key
    .trim()
    .toLowerCase()
    .replace(/^error\./, '');
  return Object.hasOwn(errorKeyMessages, k)
    ? (errorKeyMessages[k] as string)
    : (errorKeyMessages.unknown as string);
}

/**
 * Splits the /error query value 'a,B, c' into messages, without duplicates; empty -> unknown.
 * `override` may answer a (lowercase) key first: the web's translation file (ADR 0302).
 */
export function errorKeysMessages(
  keys: string | null | undefined,
  override?: (key: string) => string | undefined,
): string[] {
  const list = (keys ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const message = (k: string) => override?.(k) ?? errorKeyMessage(k);
  return [...new Set((list.length ? list : ['unknown']).map(message))];
}
