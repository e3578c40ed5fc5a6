import { defaultFormModel } from '../../domain/model/defaults';
import type { FormModel } from '../../domain/model/schema';

// TEMPORARY adapter until domain/wire lands: plain JSON of the model's active fields.
export function encodeNewApi(model: FormModel, mask: readonly string[]): unknown {
  return { model, mask };
}
export function decodeNewApi(payload: Record<string, unknown>): FormModel {
  return { ...defaultFormModel(), ...(payload as Partial<FormModel>) };
}
export function readServerErrors(errors: unknown): {
  fields: Record<string, string[]>;
  global: string[];
} {
  const fields: Record<string, string[]> = {};
  const global: string[] = [];
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [k, v] of Object.entries(errors as Record<string, { message?: string[] }>)) {
      fields[k] = v?.message ?? [];
    }
  }
  return { fields, global };
}
