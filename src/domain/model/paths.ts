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

/** Reads a field; undefined when any group on the way is missing. */
export function getField<P extends FieldPath>(model: FormModel, path: P): FieldValue<P> {
  let cur: unknown = model;
  for (const key of path.split('.')) {
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
  const keys = path.split('.');
  const write = (node: unknown, i: number): unknown => {
    const obj = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    const key = keys[i] as string;
    return { ...obj, [key]: i === keys.length - 1 ? value : write(obj[key], i + 1) };
  };
  return write(model, 0) as FormModel;
}
