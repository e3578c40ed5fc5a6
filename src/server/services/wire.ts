import { parseQueryString } from '../http/bodies';
import {
  clearedAttribution,
  encodeFieldErrors,
  fieldPaths,
  getField,
  newApiWire,
  oldApiWire,
  reconfiguredApiWire,
  type FieldErrors,
  type FieldPath,
  type FormModel,
  type WireFieldError,
  type WireFormat,
} from './rulebook';

/** A decoded request body: the values sent, as a sparse form model, plus which fields were sent. */
interface Decoded {
  model: Partial<FormModel>;
  sent: FieldPath[];
  /** Attribution codes sent explicitly empty (ADR 0700): the only way to clear one. */
  cleared: FieldPath[];
}

export type WireErrors = Record<string, WireFieldError>;

/** One API generation's field naming (spec §3), wrapping the domain's wire format. */
export interface WireCodec {
  readonly generation: 'new' | 'old';
  readonly wire: WireFormat;
  decode(body: unknown): Decoded;
  encodeModel(model: FormModel): Record<string, unknown>;
  encodeErrors(errors: FieldErrors, model: FormModel): WireErrors;
}

const bracketKey = /^([^[\]]+)((?:\[[^[\]]+\])*)$/;

/**
 * `{'a[b][c]': v}` -> `{a: {b: {c: v}}}`, as qs.parse of the same query string gives it, without
 * writing and parsing that string (a quarter of a load's CPU, issue 13). Keys it does not expect
 * (array indices, empty brackets, a value and an object under one name) take the old way through
 * qs, so the answer never differs (wire.test.ts compares both).
 */
export function nestBracketKeys(flat: Record<string, string>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(flat)) {
    const m = bracketKey.exec(key);
    const path = m ? [m[1]!, ...(m[2]!.match(/[^[\]]+/g) ?? [])] : [];
    if (!m || path.some((p) => /^\d+$/.test(p) || p === '__proto__'))
      return parseQueryString(new URLSearchParams(flat).toString());
    let at = out;
    for (const part of path.slice(0, -1)) {
      const next = at[part] ?? (at[part] = Object.create(null) as Record<string, unknown>);
      if (typeof next !== 'object') return parseQueryString(new URLSearchParams(flat).toString());
      at = next as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    if (last in at) return parseQueryString(new URLSearchParams(flat).toString());
    at[last] = value;
  }
  return out;
}

function codecFor(generation: 'new' | 'old', wire: WireFormat): WireCodec {
  return {
    generation,
    wire,
    decode(body) {
      const model = wire.decode(body) as Partial<FormModel>;
      const sent = fieldPaths.filter((p) => getField(model as FormModel, p) !== undefined);
      return { model, sent, cleared: clearedAttribution(wire, body) };
    },
    encodeModel(model) {
      // The wire's flat bracket keys, nested again: a load answers the shape a JSON body has.
      return nestBracketKeys(wire.encode(model, fieldPaths));
    },
    encodeErrors: (errors, model) => encodeFieldErrors(errors, model, wire),
  };
}

/** The codecs of both generations; the new API speaks the reconfigured variant when configured. */
export function wireCodecs(reconfigured: boolean): { new: WireCodec; old: WireCodec } {
  return {
    new: codecFor('new', reconfigured ? reconfiguredApiWire : newApiWire),
    old: codecFor('old', oldApiWire),
  };
}
