import * as z from 'zod/mini';
import type { FieldDef, FieldGroup, Flat, ModelOf } from '../fields/defs';
import { isFieldDef } from '../fields/defs';
import { fieldRegistry } from '../fields/registry';
import type { paymentConditionValues } from '../fields/values';

export {
  accountOwnerValues,
  deliverToValues,
  formOfAddressValues,
  genderValues,
  paymentConditionValues,
  preinsuranceQuitByValues,
  targetValues,
} from '../fields/values';

// The checkout form model of spec §3, as the browser holds it, derived from the field registry.
// Every leaf is optional: a value that was never entered is undefined (booleans: null or
// undefined = unanswered). Text and dates are strings exactly as typed (dates 'TT.MM.JJJJ');
// deposit and cold rent are numbers in euros (the web parses the typed text with parseAmount).
export type FormModel = Flat<
  ModelOf<typeof fieldRegistry> & {
    // Beside the fields (not in the registry): the browser's mask and the session id.
    activeMask: string[];
    cid?: string;
  }
>;
export type Address = FormModel['object']['address'];
export type Tenant = FormModel['firstTenant'];
export type PaymentConditions = (typeof paymentConditionValues)[number];

const leafSchema = (def: FieldDef) => {
  switch (def.kind) {
    case 'text':
    case 'date':
      return z.optional(z.string());
    case 'bool':
      return z.optional(z.nullable(z.boolean()));
    case 'amount':
      return z.optional(z.nullable(z.number()));
    case 'enum': {
      const { values } = def;
      const strings = (v: readonly (string | number)[]): v is readonly string[] =>
        v.every((x) => typeof x === 'string');
      return z.optional(strings(values) ? z.enum(values) : z.literal([...values]));
    }
  }
};

const groupSchema = (group: FieldGroup): z.ZodMiniType =>
  z.object(
    Object.fromEntries(
      Object.entries(group).map(([key, node]) => [
        key,
        isFieldDef(node) ? leafSchema(node) : groupSchema(node),
      ]),
    ),
  );

/**
 * The model's runtime check, built from the same registry as the FormModel type. The one cast:
 * zod cannot infer a type through a runtime walk; model/paths.test.ts checks that the schema's
 * leaves are exactly the registry's fields.
 */
export const formModelSchema = /* @__PURE__ */ buildFormModelSchema();

// PURE above: a bundle that imports only the types and *Values of this module (the web) drops the
// walk and zod with it.
function buildFormModelSchema(): z.ZodMiniType<FormModel> {
  return z.object({
    ...Object.fromEntries(
      Object.entries(fieldRegistry).map(([key, group]) => [key, groupSchema(group)]),
    ),
    activeMask: z.array(z.string()),
    cid: z.optional(z.string()),
  }) as unknown as z.ZodMiniType<FormModel>;
}

export type DeepPartial<T> = T extends readonly (infer U)[]
  ? U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
