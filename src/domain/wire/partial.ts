import type { DeepPartial, FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField, setField } from '../model/paths';

/** Writes a value into a partial model (only known field paths reach here). */
export function setPartial(target: Record<string, unknown>, path: FieldPath, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** Applies the fields of a partial model onto a full model (immutable). */
export function mergeModel(
  base: FormModel,
  partial: DeepPartial<FormModel>,
  paths: readonly FieldPath[],
): FormModel {
  let out = base;
  for (const p of paths) {
    const v = getField(partial as FormModel, p);
    if (v !== undefined) out = setField(out, p, v as never);
  }
  return out;
}
