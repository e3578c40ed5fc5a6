import type { PartnerView } from './partners';
import { attributionOf, setField, type FieldErrors, type FormModel } from './rulebook';

/** What the attribution check needs to know about partners (PartnerService). */
export interface PartnerDirectory {
  find(code: string): Promise<PartnerView | undefined>;
  /** Active sub-partners with this code, of any partner (a code typed on /uce without vm_id). */
  findSubPartners(code: string): Promise<{ partnerCode: string; code: string }[]>;
}

/** The codes an application already carries in its columns: checked, hence final. */
export interface StoredAttribution {
  partnerCode: string | null;
  subPartnerCode: string | null;
}

export interface AttributionResult {
  model: FormModel;
  errors: FieldErrors;
  /** The checked codes, for the columns (null: none or not known to us). */
  partnerCode: string | null;
  subPartnerCode: string | null;
}

/**
 * Checks an application's partner and sub-partner codes against the partner table (ADR 0700):
 * - a code already stored (checked) is final: it is kept when a later save lacks or empties it,
 *   and a different one is refused with `partnerLocked`;
 * - a new code is looked up; unknown -> `unknownPartner` / `unknownSubPartner` on the field (the
 *   value stays in the form data, nothing typed is lost, but it never reaches the columns);
 * - a sub-partner code without partner code is accepted when exactly one partner has it.
 * Only new codes cost a query: an ordinary step save of an attributed application runs none.
 */
export async function checkAttribution(
  partners: PartnerDirectory,
  input: FormModel,
  stored: StoredAttribution,
): Promise<AttributionResult> {
  const errors: FieldErrors = {};
  let { partnerCode: partner, subPartnerCode: sub } = attributionOf(input);
  let checkedPartner = stored.partnerCode;
  let checkedSub = stored.subPartnerCode;
  let view: PartnerView | undefined;

  if (checkedPartner) {
    if (partner !== '' && partner !== checkedPartner)
      errors['billing.partner_code'] = ['partnerLocked'];
    partner = checkedPartner;
  } else if (partner) {
    view = await partners.find(partner);
    if (view) checkedPartner = view.code;
    else errors['billing.partner_code'] = ['unknownPartner'];
  }

  if (checkedSub) {
    if (sub !== '' && sub !== checkedSub) errors['uce.subPartnerCode'] = ['partnerLocked'];
    sub = checkedSub;
  } else if (sub && checkedPartner) {
    view ??= await partners.find(checkedPartner);
    if (view?.subPartners.some((s) => s.code === sub)) checkedSub = sub;
    else errors['uce.subPartnerCode'] = ['unknownSubPartner'];
  } else if (sub && !partner) {
    const matches = await partners.findSubPartners(sub);
    if (matches.length === 1) {
      checkedPartner = partner = matches[0]!.partnerCode;
      checkedSub = sub;
    } else {
      errors['uce.subPartnerCode'] = [
        matches.length === 0 ? 'unknownSubPartner' : 'subPartnerNeedsPartner',
      ];
    }
  }
  // (A sub-partner code next to an unknown partner code waits: the partner's message says what
  // to do, and the sub-partner is checked once the partner code is known.)

  // Only what changed is written: most saves change nothing here (ADR 0601 counts every copy).
  let model = input;
  if ((input.billing?.partner_code ?? '') !== partner)
    model = setField(model, 'billing.partner_code', partner || undefined);
  if ((input.uce?.subPartnerCode ?? '') !== sub)
    model = setField(model, 'uce.subPartnerCode', sub || undefined);
  // Spec §4: a (known) partner code hides the partner-code field; so the tenant cannot change it.
  if (checkedPartner && model.billing?.hide_partner_code !== true)
    model = setField(model, 'billing.hide_partner_code', true);
  return { model, errors, partnerCode: checkedPartner, subPartnerCode: checkedSub };
}
