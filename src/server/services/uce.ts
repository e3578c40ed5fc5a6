import type { PartnerService } from './partners';
import type { FieldErrors, FormModel } from './rulebook';
import type { SaveAnswer, TenancyService } from './tenancies';
import type { WireCodec } from './wire';

/**
 * The uce step (sub-partner identification): checks partner and sub-partner codes against the
 * database, then saves them on the application like any step save.
 */
export class UceService {
  constructor(
    private readonly partners: PartnerService,
    private readonly tenancies: TenancyService,
  ) {}

  async save(input: {
    codec: WireCodec;
    cid: unknown;
    body: unknown;
    partnerCode?: unknown;
    subPartnerCode?: unknown;
  }): Promise<SaveAnswer> {
    const decoded = input.codec.decode(input.body);
    const model = decoded.model as Partial<FormModel>;
    const partnerCode =
      (typeof input.partnerCode === 'string'
        ? input.partnerCode
        : model.billing?.partner_code
      )?.trim() ?? '';
    const subCode =
      (typeof input.subPartnerCode === 'string'
        ? input.subPartnerCode
        : model.uce?.subPartnerCode
      )?.trim() ?? '';
    const errors: FieldErrors = {};
    const partner = partnerCode ? await this.partners.find(partnerCode) : undefined;
    if (!partner) errors['billing.partner_code'] = [partnerCode ? 'unknownPartner' : 'required'];
    else if (subCode && !partner.subPartners.some((s) => s.code === subCode))
      errors['uce.subPartnerCode'] = ['unknownSubPartner'];
    const cid = typeof input.cid === 'string' && input.cid !== '' ? input.cid : undefined;
    if (Object.keys(errors).length > 0) {
      const full = {
        ...this.tenancies.emptyModel(),
        billing: { partner_code: partnerCode },
        uce: { subPartnerCode: subCode },
      } as FormModel;
      return { cid: cid ?? '', errors: input.codec.encodeErrors(errors, full), skip_to: null };
    }
    const body = input.codec.wire.encode(
      {
        ...this.tenancies.emptyModel(),
        billing: { partner_code: partnerCode },
        uce: { subPartnerCode: subCode },
      } as FormModel,
      ['billing.partner_code', 'uce.subPartnerCode'],
    );
    return this.tenancies.save({ codec: input.codec, cid, reservation: false, step: 'uce', body });
  }
}
