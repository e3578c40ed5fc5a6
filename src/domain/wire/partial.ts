import type { DeepPartial, FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField, pathKeys, setField } from '../model/paths';

/**
 * Writes a value into a partial model (only known field paths reach here). The path's keys are
 * split once per field, not per call: every field of every saved body passes here (issue 30).
 */
export function setPartial(target: Record<string, unknown>, path: FieldPath, value: unknown): void {
  const keys = pathKeys(path);
  const last = keys.length - 1;
  let node = target;
  for (let i = 0; i < last; i++) {
    const key = keys[i]!;
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[last]!] = value;
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
