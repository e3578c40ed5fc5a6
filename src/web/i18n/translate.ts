/**
 * Looks texts up in the translation file (GET /locales/de.json, made by the server from the
 * domain catalogue). Keys are dotted paths; the file may be nested or flat. A missing key is
 * undefined: the caller falls back to the domain catalogue.
 */
export type Translations = Record<string, unknown>;

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
