import type { DeepPartial, FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { fieldKinds, fieldPaths, getField } from '../model/paths';
import { germanToIso, isoToGerman, normalizeGermanDate } from '../dates';
import { flattenBrackets } from './flatten';
import { parseAmount, parseBool, scalarText } from './values';
import { setPartial } from './partial';

export interface WireFormat {
  readonly name: 'old' | 'new' | 'reconfigured';
  /**
   * The fields of the mask as flat bracket keys: values trimmed, empty and unanswered dropped
   * (unless listed in `touched`: then sent as '' so a cleared field clears on the server),
   * id fields never sent.
   */
  encode(
    model: FormModel,
    mask: readonly FieldPath[],
    opts?: { touched?: ReadonlySet<string> },
  ): Record<string, string>;
  /** Flat bracket keys, nested objects (qs.parse, JSON) or a query string; never throws. */
  decode(input: unknown): DeepPartial<FormModel>;
  wireName(path: FieldPath): string;
  fieldPath(wireName: string): FieldPath | undefined;
  /**
   * The keys of a body that are neither a field of this format (aliases and case-insensitive
   * groups included) nor one of `extras` (request-level names such as step), as dotted paths
   * ('tenant.adress.zip'), so an integrator sees a typo at once. Never throws.
   */
  unknownKeys(input: unknown, extras?: readonly string[]): string[];
}

export interface WireSpec {
  name: WireFormat['name'];
  names: Record<FieldPath, string>;
  booleans: readonly [string, string];
  decimal: ',' | '.';
  dates: 'german' | 'iso';
  /** model value -> wire value for enum fields whose wire spelling differs. */
  enums: Partial<Record<FieldPath, Record<string, string>>>;
  /** Envelope keys a response may wrap the data in (new API: data, tenancy, payload). */
  envelopes: readonly string[];
  /** Other spellings of a key prefix, read as the canonical one: ['tenant[', 'firstTenant[']. */
  aliases?: readonly (readonly [string, string])[];
  /** Other spellings of enum values on the wire: {path: {wireAlias: modelValue}}. */
  enumAliases?: Partial<Record<FieldPath, Record<string, string>>>;
  /** Key prefixes whose names are matched regardless of case (the extras: selling[mieterengel]). */
  caseInsensitive?: readonly string[];
}

/** 'a[b][c]' -> 'a.b.c' (how warnings name a key). */
const dottedKey = (key: string): string =>
  key.replace(/\]\[/g, '.').replace(/\[/g, '.').replace(/\]$/, '');

const isId = (p: string) => p.endsWith('.id');

export function makeWire(spec: WireSpec): WireFormat {
  const byWire = new Map<string, FieldPath>();
  for (const p of fieldPaths) byWire.set(spec.names[p], p);
  const caseInsensitive = (spec.caseInsensitive ?? []).map((x) => x.toLowerCase());
  const byLowerWire = new Map<string, FieldPath>();
  for (const [name, p] of byWire)
    if (caseInsensitive.some((c) => name.toLowerCase().startsWith(c)))
      byLowerWire.set(name.toLowerCase(), p);
  /** The canonical spelling of a key (aliases resolved), and whether it was an alias. */
  const canonicalKey = (key: string): { key: string; alias: boolean } => {
    for (const [from, to] of spec.aliases ?? [])
      if (key.startsWith(from)) return { key: to + key.slice(from.length), alias: true };
    return { key, alias: false };
  };
  const resolve = (key: string): { path: FieldPath | undefined; alias: boolean } => {
    const c = canonicalKey(key);
    const exact = byWire.get(c.key);
    if (exact) return { path: exact, alias: c.alias };
    const lower = c.key.toLowerCase();
    const folded = caseInsensitive.some((x) => lower.startsWith(x))
      ? byLowerWire.get(lower)
      : undefined;
    return { path: folded, alias: true };
  };
  const [yes, no] = spec.booleans;

  const encodeValue = (path: FieldPath, value: unknown): string | undefined => {
    if (value === undefined || value === null) return undefined;
    const kind = fieldKinds[path];
    switch (kind.kind) {
      case 'bool':
        return typeof value === 'boolean' ? (value ? yes : no) : undefined;
      case 'amount':
        if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
        return spec.decimal === ',' ? String(value).replace('.', ',') : String(value);
      case 'enum': {
        const s = String(value);
        return spec.enums[path]?.[s] ?? s;
      }
      case 'date': {
        const t = String(value).trim();
        return spec.dates === 'iso' ? (germanToIso(t) ?? t) : (normalizeGermanDate(t) ?? t);
      }
      case 'text':
        return String(value).trim();
    }
  };

  const decodeValue = (path: FieldPath, raw: unknown): unknown => {
    const kind = fieldKinds[path];
    if (kind.kind === 'bool') return parseBool(raw);
    if (kind.kind === 'amount') return parseAmount(raw, spec.decimal);
    const text = scalarText(Array.isArray(raw) ? raw[raw.length - 1] : raw)?.trim();
    if (!text) return undefined;
    if (kind.kind === 'enum') {
      const map = spec.enums[path];
      const fromWire =
        (map && Object.entries(map).find(([, w]) => w === text)?.[0]) ??
        spec.enumAliases?.[path]?.[text];
      const modelText = fromWire ?? text;
      return kind.values.find((v) => String(v) === modelText);
    }
    // Stored as TT.MM.JJJJ whatever shape was typed (TTMMJJJJ, T.M.JJJJ); the rules judge the rest.
    if (kind.kind === 'date')
      return (
        (spec.dates === 'iso' ? isoToGerman(text) : undefined) ?? normalizeGermanDate(text) ?? text
      );
    return text;
  };

  const decodeFlat = (input: unknown): { model: DeepPartial<FormModel>; count: number } => {
    const model: Record<string, unknown> = {};
    let count = 0;
    // A canonical key beats an alias of the same field, whatever the order they came in.
    const fromCanonical = new Set<FieldPath>();
    for (const [key, raw] of flattenBrackets(input)) {
      const { path, alias } = resolve(key);
      if (!path || isId(path)) continue;
      if (alias && fromCanonical.has(path)) continue;
      const value = decodeValue(path, raw);
      if (value === undefined) continue;
      setPartial(model, path, value);
      if (!alias) fromCanonical.add(path);
      count++;
    }
    return { model: model as DeepPartial<FormModel>, count };
  };

  return {
    name: spec.name,
    encode(model, mask, opts) {
      const out: Record<string, string> = {};
      for (const path of mask) {
        if (!Object.hasOwn(fieldKinds, path) || isId(path)) continue;
        let v: string | undefined;
        try {
          v = encodeValue(path, getField(model, path));
        } catch {
          v = undefined;
        }
        if (v !== undefined && v !== '') out[spec.names[path]] = v;
        else if (opts?.touched?.has(path)) out[spec.names[path]] = '';
      }
      return out;
    },
    decode(input) {
      try {
        const first = decodeFlat(input);
        if (first.count > 0 || input === null || typeof input !== 'object') return first.model;
        for (const key of spec.envelopes) {
          const inner = (input as Record<string, unknown>)[key];
          if (inner !== null && typeof inner === 'object') return decodeFlat(inner).model;
        }
        return first.model;
      } catch {
        return {};
      }
    },
    wireName: (path) => spec.names[path],
    fieldPath: (wireName) => byWire.get(wireName),
    unknownKeys(input, extras = []) {
      try {
        const known = new Set(extras.map((e) => e.toLowerCase()));
        const scan = (flat: ReadonlyMap<string, unknown>, prefix: string): string[] => {
          const out: string[] = [];
          for (const key of flat.keys()) {
            if (resolve(key).path) continue;
            if (known.has(canonicalKey(key).key.toLowerCase()) || known.has(key.toLowerCase()))
              continue;
            out.push(dottedKey(prefix + key));
          }
          return out;
        };
        // As decode: keys that name fields as they stand win (the old API's own names begin
        // with tenancy_retail, its envelope; issue 27: they were reported unknown).
        // The body's keys, flattened once for both the test and the scan.
        const flat = flattenBrackets(input);
        if ([...flat.keys()].some((k) => resolve(k).path)) return scan(flat, '');
        if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
          // A body wrapped in an envelope ({data: {...}}) is read inside it (see decode).
          const top = input as Record<string, unknown>;
          const keys = Object.keys(top);
          if (keys.length === 1 && spec.envelopes.includes(keys[0]!)) {
            const inner = top[keys[0]!];
            if (inner !== null && typeof inner === 'object')
              return scan(flattenBrackets(inner), '');
          }
        }
        return scan(flat, '');
      } catch {
        return [];
      }
    },
  };
}
