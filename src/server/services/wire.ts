import { parseQueryString } from '../http/bodies';
import {
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
export interface Decoded {
  model: Partial<FormModel>;
  sent: FieldPath[];
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

function codecFor(generation: 'new' | 'old', wire: WireFormat): WireCodec {
  return {
    generation,
    wire,
    decode(body) {
      const model = wire.decode(body) as Partial<FormModel>;
      const sent = fieldPaths.filter((p) => getField(model as FormModel, p) !== undefined);
      return { model, sent };
    },
    encodeModel(model) {
      // The wire's flat bracket keys, nested again: a load answers the shape a JSON body has.
      const flat = wire.encode(model, fieldPaths);
      return parseQueryString(new URLSearchParams(flat).toString());
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
