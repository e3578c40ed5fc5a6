import type { ChoiceList, FieldDef, FieldGroup, InputHint, PathsOf, PathsWhere } from './defs';
import { isFieldDef } from './defs';
import { fieldRegistry } from './registry';

/** Every field of the form model as a dotted path, e.g. 'firstTenant.address.zip'. */
export type FieldPath = PathsOf<typeof fieldRegistry>;

// The paths of each kind: a control of the web takes only the paths of its kind (forms/bound.tsx),
// so an amount input bound to a name or a text input bound to a consent fails tsc.
type Registry = typeof fieldRegistry;
export type TextPath = PathsWhere<Registry, { readonly kind: 'text' }>;
export type DatePath = PathsWhere<Registry, { readonly kind: 'date' }>;
export type BoolPath = PathsWhere<Registry, { readonly kind: 'bool' }>;
export type AmountPath = PathsWhere<Registry, { readonly kind: 'amount' }>;
/** Radio and select: the oneOf fields and the texts chosen from a list (nationality, ...). */
export type ChoicePath =
  | PathsWhere<Registry, { readonly kind: 'enum' }>
  | PathsWhere<Registry, { readonly kind: 'text'; readonly choices: ChoiceList }>;

function walk(group: FieldGroup, prefix: string): [string, FieldDef][] {
  return Object.entries(group).flatMap(([key, node]) =>
    isFieldDef(node) ? [[prefix + key, node]] : walk(node, `${prefix}${key}.`),
  );
}

/**
 * The registry's fields in its order. The one place where a runtime walk meets the FieldPath
 * type: the walk visits exactly the leaves PathsOf names (registry.test.ts compares them with the
 * zod schema built from the same object).
 */
export const fieldEntries = walk(fieldRegistry, '') as [FieldPath, FieldDef][];

/** A table with a value for every field (tsc then knows it is complete). */
export function mapFields<T>(value: (def: FieldDef, path: FieldPath) => T): Record<FieldPath, T> {
  return Object.fromEntries(fieldEntries.map(([p, d]) => [p, value(d, p)])) as Record<FieldPath, T>;
}

/** A table with the fields for which `value` gives something (max lengths, enum spellings). */
export function pickFields<T>(
  value: (def: FieldDef, path: FieldPath) => T | undefined,
): Partial<Record<FieldPath, T>> {
  const out: Partial<Record<FieldPath, T>> = {};
  for (const [p, d] of fieldEntries) {
    const v = value(d, p);
    if (v !== undefined) out[p] = v;
  }
  return out;
}

/** How each text is typed (keyboard, digits), for the web's inputs. */
export const inputHints: Partial<Record<FieldPath, InputHint>> = pickFields((def) =>
  def.kind === 'text' ? def.input : undefined,
);

/** The fields with a help text (content/sidebar/<path>.md): shown by a step, help not off. */
export const helpTextPaths: FieldPath[] = fieldEntries
  .filter(([, def]) => !def.notShown && def.help !== false)
  .map(([path]) => path);

/**
 * What a link's prefill_data may fill in (ADR 1109): not the consents (a pre-ticked box is no
 * consent, GDPR Art. 7, BGH "Planet49") and not the fields marked `prefill: false` (e-mail and bank
 * account decide where mail and money go, the bot checks, client state).
 */
export const prefillPaths: ReadonlySet<FieldPath> = new Set(
  fieldEntries
    .filter(([, def]) => def.prefill !== false && !(def.kind === 'bool' && def.consent))
    .map(([path]) => path),
);

/** The fields of the API's documented body (the OpenAPI Tenancy schema): all but `api: false`. */
export const apiFieldPaths: readonly FieldPath[] = fieldEntries
  .filter(([, def]) => def.api !== false)
  .map(([path]) => path);
