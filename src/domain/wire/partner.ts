// What partners' systems send beyond the form fields, and what they leave out. Pure; never throws.
// ADR 0711 explains each default and why a partner's termsAccepted is an asserted consent.
import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import { getField, setField } from '../model/paths';
import { germanToIso, isoToGerman } from '../dates';
import { flattenBrackets } from './flatten';
import { parseBool, scalarText } from './values';

/**
 * Request-level names of the new API that are not form fields; they are understood, so they are
 * never reported as unknown. `firstTenant[termsAccepted]` is the tenant's consent as a partner's
 * system sends it (see assertConsents).
 */
export const requestExtras = [
  'step',
  'product',
  'cid',
  'reservation',
  'product_selection',
  'firstTenant[termsAccepted]',
  'secondTenant[termsAccepted]',
] as const;

export interface RequestExtras {
  /** The step, when the body names it (partners send step: "check" in the body). */
  step?: string;
  /** The partner's product name, stored as sent. */
  product?: string;
  /** A tenant's termsAccepted: true/false when sent with a readable value (y, yes, true, 1, on). */
  tenantTerms: { firstTenant?: boolean; secondTenant?: boolean };
}

const text = (v: unknown): string | undefined => {
  const t = scalarText(Array.isArray(v) ? v[v.length - 1] : v)?.trim();
  return t ? t : undefined;
};

/** Reads step, product and the tenants' termsAccepted from a body (JSON, form or flat keys). */
export function readRequestExtras(body: unknown): RequestExtras {
  const out: RequestExtras = { tenantTerms: {} };
  try {
    const flat = flattenBrackets(body);
    out.step = text(flat.get('step'));
    out.product = text(flat.get('product'));
    for (const [group, alias] of [
      ['firstTenant', 'tenant'],
      ['secondTenant', 'coTenant'],
    ] as const) {
      const raw = flat.get(`${group}[termsAccepted]`) ?? flat.get(`${alias}[termsAccepted]`);
      const value = parseBool(Array.isArray(raw) ? raw[raw.length - 1] : raw);
      if (value !== undefined) out.tenantTerms[group] = value;
    }
  } catch {
    /* keep what was read */
  }
  return out;
}

/** What a tenant's termsAccepted stands for: the consents of the check and tenant steps. */
const consentsOfTerms: Record<'firstTenant' | 'secondTenant', readonly FieldPath[]> = {
  firstTenant: [
    'objective.conditionsAccepted',
    'objective.privacyPolicyAccepted',
    'objective.shippingNotesAccepted',
    'firstTenant.isCreditCheckApproved',
  ],
  secondTenant: ['secondTenant.isCreditCheckApproved'],
};

/**
 * A partner's `termsAccepted: "y"` on a tenant is that tenant's consent as the partner asserts it:
 * the consents it stands for (consentsOfTerms) are set true, unless the body sent one of them
 * itself (an explicit answer always wins). Nothing is set without a true termsAccepted. The
 * caller records who asserted which consent and when.
 */
export function assertConsents(
  model: FormModel,
  sent: ReadonlySet<string>,
  terms: RequestExtras['tenantTerms'],
): { model: FormModel; asserted: FieldPath[] } {
  let out = model;
  const asserted: FieldPath[] = [];
  for (const group of ['firstTenant', 'secondTenant'] as const) {
    if (terms[group] !== true) continue;
    for (const path of consentsOfTerms[group]) {
      if (sent.has(path)) continue;
      out = setField(out, path, true as never);
      asserted.push(path);
    }
  }
  return { model: out, asserted };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Defaults for what partners' systems do not send (authenticated partner calls only). Each is
 * applied only to a field that was not sent and is still empty; the caller stores the list.
 * - e-mail repeat: the e-mail (the repeat guards typing in a browser; a system copies anyway);
 * - a co-tenant exists when any secondTenant field was sent;
 * - a new contract (isExisting false) is not terminated, had no earlier deposit guarantee and no
 *   known pre-damage (the questions concern a running tenancy); an existing contract's risk
 *   answers are never defaulted;
 * - the account owner is the first tenant when there is no co-tenant;
 * - the policy starts at the rental start (the contract date) when that is today or later,
 *   otherwise today.
 * `today` is ISO (YYYY-MM-DD).
 */
export function partnerDefaults(
  model: FormModel,
  sent: ReadonlySet<string>,
  today: string,
): { model: FormModel; defaulted: FieldPath[] } {
  let out = model;
  const defaulted: FieldPath[] = [];
  const fill = (path: FieldPath, value: unknown) => {
    if (sent.has(path) || !isEmpty(getField(out, path)) || value === undefined) return;
    out = setField(out, path, value as never);
    defaulted.push(path);
  };
  const coTenantSent = [...sent].some((p) => p.startsWith('secondTenant.'));
  // Co-tenant data sent means there is one, even if an earlier call defaulted to none.
  if (
    coTenantSent &&
    !sent.has('objective.useSecondTenant') &&
    out.objective.useSecondTenant !== true
  ) {
    out = setField(out, 'objective.useSecondTenant', true);
    defaulted.push('objective.useSecondTenant');
  } else fill('objective.useSecondTenant', false);
  for (const group of ['firstTenant', 'secondTenant'] as const) {
    if (group === 'secondTenant' && out.objective.useSecondTenant !== true) continue;
    const email = out[group].email?.trim();
    if (email) fill(`${group}.emailRepeat`, email);
  }
  if (out.objective.target === 'newContract') {
    fill('object.isContractTerminated', false);
    fill('object.hasPreinsurance', false);
    fill('object.hasPredamage', false);
  }
  if (out.objective.useSecondTenant !== true) fill('bankAccount.accountOwner', 'firstTenant');
  // The tenant-law hotline calls back: the tenant's own phone unless another was sent (issue 27:
  // a partner body with mieterengel "true" could never be submitted without this field).
  if (out.selling.MieterEngel === true)
    fill('selling.MieterEngel_phone', out.firstTenant.phone?.trim() || undefined);
  const signed = germanToIso(out.object.contractSignDate ?? '');
  const start =
    out.objective.target === 'newContract' && signed && signed >= today ? signed : today;
  fill('objective.policyStartDate', isoToGerman(start));
  return { model: out, defaulted };
}
