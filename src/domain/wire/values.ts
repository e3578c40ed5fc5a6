// Parsing and writing single values; shared by the wire formats and prefill. Never throws.
import type { FieldKind } from '../model/paths';

/** Parses an amount typed or sent as text: '1500', '1.500,50', '1500.5', '1 500'. */
export function parseAmount(
  input: unknown,
  decimal: ',' | '.' | 'auto' = 'auto',
): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (typeof input !== 'string') return undefined;
  let s = input.trim().replace(/[\s€]/g, '');
  if (!/^[+-]?[\d.,]+(e[+-]?\d+)?$/i.test(s) || !/\d/.test(s)) return undefined;
  const sep = decimal === 'auto' ? (s.includes(',') ? ',' : '.') : decimal;
  if (sep === ',') s = s.replace(/\./g, '').replace(',', '.');
  else if (decimal === 'auto' && /^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  if ((s.match(/\./g) ?? []).length > 1 || s.includes(',')) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function parseBool(input: unknown): boolean | undefined {
  if (typeof input === 'boolean') return input;
  if (typeof input === 'number') return input === 1 ? true : input === 0 ? false : undefined;
  if (typeof input !== 'string') return undefined;
  const s = input.trim().toLowerCase();
  // 'y'/'n' and 'ja'/'nein': partners' systems send consent as termsAccepted: "y".
  if (['true', '1', 'on', 'yes', 'y', 'ja'].includes(s)) return true;
  if (['false', '0', 'off', 'no', 'n', 'nein'].includes(s)) return false;
  return undefined;
}

/** A scalar as text, or undefined for objects, arrays, null and non-finite numbers. */
export function scalarText(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : undefined;
  if (typeof input === 'boolean') return String(input);
  return undefined;
}

/** A value already in the model's own representation (prefill, stored JSON), checked by kind. */
export function modelValue(kind: FieldKind, input: unknown): unknown {
  switch (kind.kind) {
    case 'text':
    case 'date': {
      const t = scalarText(input)?.trim();
      return t ? t : undefined;
    }
    case 'bool':
      return parseBool(input);
    case 'amount':
      return parseAmount(input);
    case 'enum': {
      const t = scalarText(input)?.trim();
      return kind.values.find((v) => String(v) === t);
    }
  }
}
