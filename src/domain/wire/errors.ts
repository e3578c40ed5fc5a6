import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField, isFieldPath } from '../model/paths';
import type { FieldErrors } from '../rules/validate';
import { errorCodes, type ErrorCode } from '../rules/codes';
import { fieldMessage } from '../messages/de';
import type { WireFormat } from './format';

export interface WireFieldError {
  message: string[];
  value: unknown;
  /** Stable codes, so a client can show its own sentence. */
  code: ErrorCode[];
}

/** Server side: field errors as the error map of the API ({wireName: {message, value, code}}). */
export function encodeFieldErrors(
  errors: FieldErrors,
  model: FormModel,
  wire: WireFormat,
): Record<string, WireFieldError> {
  const out: Record<string, WireFieldError> = {};
  for (const [path, codes] of Object.entries(errors) as [FieldPath, ErrorCode[]][]) {
    out[wire.wireName(path)] = {
      message: codes.map((c) => fieldMessage(path, c)),
      value: getField(model, path) ?? null,
      code: codes,
    };
  }
  return out;
}

export interface ParsedServerErrors {
  fields: Partial<Record<FieldPath, string[]>>;
  /** A captcha error clears the captcha response (spec §5). */
  clearCaptcha: boolean;
  /** Errors that name no known field (codes such as reservation_expired). */
  other: string[];
}

const isCode = (s: string): s is ErrorCode => (errorCodes as readonly string[]).includes(s);
const asStrings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : [];

/** Client side: errors as a list or a map, wire names or field paths; ids ignored; never throws. */
export function parseServerErrors(errors: unknown, wire: WireFormat): ParsedServerErrors {
  const result: ParsedServerErrors = { fields: {}, clearCaptcha: false, other: [] };
  const add = (key: string | undefined, body: unknown) => {
    const k = (key ?? '').trim();
    const path = wire.fieldPath(k) ?? (isFieldPath(k) ? k : undefined);
    const rec =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : undefined;
    const codes = asStrings(rec ? (rec.code ?? rec.codes) : undefined);
    let messages = rec ? asStrings(rec.message ?? rec.messages) : asStrings(body);
    if (/captcha/i.test(k) || codes.some((c) => /captcha/i.test(c))) result.clearCaptcha = true;
    if (path?.endsWith('.id') || /\[id\]$|(^|\.)id$/.test(k)) return;
    if (path) {
      if (messages.length === 0 && codes.length)
        messages = codes.map((c) =>
          isCode(c) ? fieldMessage(path, c) : fieldMessage(path, 'invalid'),
        );
      if (messages.length === 0) messages = [fieldMessage(path, 'invalid')];
      if (path === 'security.captchaResponseKey') result.clearCaptcha = true;
      result.fields[path] = [...(result.fields[path] ?? []), ...messages];
    } else {
      result.other.push(...(messages.length ? messages : codes.length ? codes : k ? [k] : []));
    }
  };
  try {
    if (Array.isArray(errors)) {
      for (const item of errors) {
        if (typeof item === 'string') add(undefined, item);
        else if (item !== null && typeof item === 'object') {
          const r = item as Record<string, unknown>;
          const key = [r.field, r.name, r.path, r.key].find((x) => typeof x === 'string') as
            string | undefined;
          add(key, r);
        }
      }
    } else if (errors !== null && typeof errors === 'object') {
      for (const [key, body] of Object.entries(errors as Record<string, unknown>)) add(key, body);
    } else if (typeof errors === 'string') add(undefined, errors);
  } catch {
    /* keep what was parsed */
  }
  return result;
}
