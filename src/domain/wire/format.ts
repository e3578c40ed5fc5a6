import type { DeepPartial, FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { fieldKinds, fieldPaths, getField } from '../model/paths';
import { germanToIso, isoToGerman } from '../dates';
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
}

const isId = (p: string) => p.endsWith('.id');

export function makeWire(spec: WireSpec): WireFormat {
  const byWire = new Map<string, FieldPath>();
  for (const p of fieldPaths) byWire.set(spec.names[p], p);
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
        return spec.dates === 'iso' ? (germanToIso(t) ?? t) : t;
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
      const fromWire = map && Object.entries(map).find(([, w]) => w === text)?.[0];
      const modelText = fromWire ?? text;
      return kind.values.find((v) => String(v) === modelText);
    }
    if (kind.kind === 'date' && spec.dates === 'iso') return isoToGerman(text) ?? text;
    return text;
  };

  const decodeFlat = (input: unknown): { model: DeepPartial<FormModel>; count: number } => {
    const model: Record<string, unknown> = {};
    let count = 0;
    for (const [key, raw] of flattenBrackets(input)) {
      const path = byWire.get(key);
      if (!path || isId(path)) continue;
      const value = decodeValue(path, raw);
      if (value === undefined) continue;
      setPartial(model, path, value);
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
  };
}
