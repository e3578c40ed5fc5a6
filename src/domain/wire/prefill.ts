import type { DeepPartial, FormModel } from '../model/schema';
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

/**
 * What a link must never fill in for the tenant (issue 15 item 11, ADR 1109): consents are the
 * tenant's own declarations (a pre-ticked box is no consent, GDPR Art. 7, BGH "Planet49"), the
 * e-mail address and the bank account decide where mail and money go (a crafted link could send
 * them elsewhere), and the security group holds the bot checks (a pre-filled honeypot would trap
 * the payment step). Client state (formHandling) is never the link's either.
 */
function prefillAllowed(path: string): boolean {
  if (path.startsWith('security.') || path.startsWith('formHandling.')) return false;
  if (path.startsWith('bankAccount.') && path !== 'bankAccount.bankName') return false;
  return !/(^|\.)(email|emailRepeat|isCreditCheckApproved|conditionsAccepted|privacyPolicyAccepted|shippingNotesAccepted)$/.test(
    path,
  );
}

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
