import type { DeepPartial, FormModel } from '../model/schema';
import { prefillPaths } from '../fields/fields';
import { fieldKinds, isFieldPath } from '../model/paths';
import { flattenDots } from './flatten';
import { modelValue, parseAmount } from './values';
import { setPartial } from './partial';

/** Keeps only known fields with valid values of a model-shaped object (stored JSON, prefill). */
export function sanitizeModel(
  input: unknown,
  allowed: (path: string) => boolean = () => true,
): DeepPartial<FormModel> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of flattenDots(input)) {
    if (!isFieldPath(key) || key.endsWith('.id') || !allowed(key)) continue;
    const value = modelValue(fieldKinds[key], raw);
    if (value !== undefined) setPartial(out, key, value);
  }
  return out as DeepPartial<FormModel>;
}

/** What a link may fill in: the registry says (consents and `prefill: false` never, ADR 1109). */
const prefillAllowed = (path: string) => isFieldPath(path) && prefillPaths.has(path);

/**
 * prefill_data (JSON from the page URL): model-shaped keys plus apartment.sum (deposit, only if it
 * parses as a number) and apartment.is_existing ('true' -> retrieveDeposit, else newContract).
 * Unknown keys, invalid values and the fields of prefillAllowed are ignored; never throws.
 */
export function parsePrefill(json: string | null | undefined): DeepPartial<FormModel> {
  let data: unknown;
  try {
    data = JSON.parse(json ?? '');
  } catch {
    return {};
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  const out = sanitizeModel(data, prefillAllowed) as Record<string, unknown>;
  const apartment = (data as Record<string, unknown>).apartment;
  if (apartment !== null && typeof apartment === 'object') {
    const a = apartment as Record<string, unknown>;
    const sum = parseAmount(a.sum);
    if (sum !== undefined) setPartial(out, 'objective.deposit', sum);
    if ('is_existing' in a)
      setPartial(
        out,
        'objective.target',
        String(a.is_existing).trim() === 'true' ? 'retrieveDeposit' : 'newContract',
      );
  }
  return out as DeepPartial<FormModel>;
}
