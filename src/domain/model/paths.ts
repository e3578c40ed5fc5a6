import type { FormModel } from './schema';
import type { FieldPath } from '../fields/fields';
import { fieldEntries, mapFields } from '../fields/fields';

export type { FieldPath } from '../fields/fields';

type At<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? At<NonNullable<T[H]>, R>
    : never
  : P extends keyof T
    ? T[P]
    : never;
export type FieldValue<P extends FieldPath> = At<FormModel, P>;

export type FieldKind =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'bool' }
  | { kind: 'amount' }
  | { kind: 'enum'; values: readonly (string | number)[] };

/**
 * The value kind of every field, from the field registry (fields/registry.ts). Wire formats,
 * prefill and the property tests read it.
 */
export const fieldKinds: Record<FieldPath, FieldKind> = mapFields((def): FieldKind =>
  def.kind === 'enum' ? { kind: 'enum', values: def.values } : { kind: def.kind },
);

export const fieldPaths: FieldPath[] = fieldEntries.map(([path]) => path);
const known = new Set<string>(fieldPaths);
export const isFieldPath = (s: string): s is FieldPath => known.has(s);

// Each path's keys, split once: reads and writes run for every field on every save (the split
// arrays were a measurable share of a save's garbage).
const keysOf = new Map<string, readonly string[]>(fieldPaths.map((p) => [p, p.split('.')]));
/** A path's keys ('tenant.address.zip' -> tenant, address, zip), split once for known fields. */
export const pathKeys = (path: string): readonly string[] => keysOf.get(path) ?? path.split('.');
const keys = pathKeys;

/** Reads a field; undefined when any group on the way is missing. */
export function getField<P extends FieldPath>(model: FormModel, path: P): FieldValue<P> {
  let cur: unknown = model;
  for (const key of keys(path)) {
    if (cur === null || typeof cur !== 'object') return undefined as FieldValue<P>;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur as FieldValue<P>;
}

/** Returns a new model with one field changed; the groups on the path are copied, the rest shared. */
export function setField<P extends FieldPath>(
  model: FormModel,
  path: P,
  value: FieldValue<P>,
): FormModel {
  return setFields(model, [[path, value]]);
}

/**
 * Returns a new model with several fields changed, as setField one after the other would, but
 * copying each group on the way at most once (a save changes a hundred fields of a few groups).
 */
export function setFields(
  model: FormModel,
  changes: Iterable<readonly [FieldPath, unknown]>,
): FormModel {
  const copies = new Set<object>();
  const root: Record<string, unknown> = { ...model };
  copies.add(root);
  for (const [path, value] of changes) {
    const k = keys(path);
    let node = root;
    for (let i = 0; i < k.length - 1; i++) {
      const child = node[k[i]!];
      let next: Record<string, unknown>;
      if (child !== null && typeof child === 'object' && copies.has(child))
        next = child as Record<string, unknown>;
      else {
        next = child !== null && typeof child === 'object' ? { ...child } : {};
        copies.add(next);
        node[k[i]!] = next;
      }
      node = next;
    }
    node[k[k.length - 1]!] = value;
  }
  return root as FormModel;
}
