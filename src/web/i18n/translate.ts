/**
 * Looks texts up in the translation file (GET /locales/de.json, made by the server from the
 * domain catalogue). Keys are dotted paths; the file may be nested or flat. {name} placeholders
 * are filled from params. A missing key returns the key itself so a gap is visible, not hidden.
 */
export type Translations = Record<string, unknown>;
export type Params = Record<string, string | number>;

export function lookup(tr: Translations, key: string): string | undefined {
  const flat = tr[key];
  if (typeof flat === 'string') return flat;
  let node: unknown = tr;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

export function translate(tr: Translations, key: string, params?: Params): string {
  const text = lookup(tr, key);
  if (text === undefined) {
    console.warn('missing translation', key);
    return key;
  }
  return interpolate(text, params);
}
