import type { FieldPath } from '../model/paths';
import type { FormModel } from '../model/schema';
import { flattenBrackets } from '../wire/flatten';
import type { WireFormat } from '../wire/format';

/**
 * The partner attribution of an application (ADR 0700): the partner code (vm_id, prefill, the
 * partner-code field, the API) and the sub-partner code (uvm_id, the uce step, the API). They
 * decide a partner's commission, so they travel with every save whether or not a field shows them.
 */
const attributionPaths = [
  'billing.partner_code',
  'uce.subPartnerCode',
] as const satisfies readonly FieldPath[];
export type AttributionPath = (typeof attributionPaths)[number];

const codeOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function attributionOf(model: Pick<FormModel, 'billing' | 'uce'>): {
  partnerCode: string;
  subPartnerCode: string;
} {
  return {
    partnerCode: codeOf(model.billing?.partner_code),
    subPartnerCode: codeOf(model.uce?.subPartnerCode),
  };
}

/**
 * What a browser save sends besides the step's shown fields: every attribution code that is set,
 * shown or hidden (spec §3 sends only the active mask, which lost hidden codes). `touched` lists
 * the shown attribution fields: emptied, they are sent empty so the server clears them.
 */
export function savePaths(
  model: Pick<FormModel, 'billing' | 'uce'>,
  mask: readonly string[],
): { paths: FieldPath[]; touched: Set<string> } {
  const codes = attributionOf(model);
  const set = {
    'billing.partner_code': codes.partnerCode !== '',
    'uce.subPartnerCode': codes.subPartnerCode !== '',
  } satisfies Record<AttributionPath, boolean>;
  const paths = [...mask] as FieldPath[];
  for (const p of attributionPaths) if (set[p] && !paths.includes(p)) paths.push(p);
  return { paths, touched: new Set(attributionPaths.filter((p) => mask.includes(p))) };
}

/**
 * The attribution fields a step must show besides its own because the server refused them:
 * a code that came hidden (from the link, prefill or an earlier step) and is unknown gets its
 * field back, with the message, so the tenant can correct or delete it (ADR 0700).
 */
export function refusedAttributionPaths(
  errors: Readonly<Record<string, unknown>>,
  mask: readonly string[],
): AttributionPath[] {
  return attributionPaths.filter((p) => errors[p] !== undefined && !mask.includes(p));
}

/**
 * The attribution fields a request explicitly sent empty (the tenant deleted a refused code).
 * Empty values are otherwise dropped when decoding, and a missing code is kept (ADR 0700), so
 * this is the one way to clear one.
 */
export function clearedAttribution(wire: WireFormat, input: unknown): AttributionPath[] {
  const flat = flattenBrackets(input);
  return attributionPaths.filter((p) => {
    const v = flat.get(wire.wireName(p));
    const last = Array.isArray(v) ? v[v.length - 1] : v;
    return flat.has(wire.wireName(p)) && (last === null || String(last).trim() === '');
  });
}
