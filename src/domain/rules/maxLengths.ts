import type { FieldPath } from '../model/paths';

// Field -> maximum length (spec §5 lists N = 5, 22, 25, 30, 34, 50, 60, 255 without the fields;
// the mapping is ours and documented in docs/domain-rules.md).
const address = (p: string, out: Record<string, number>) => {
  out[`${p}.address.street`] = 60;
  out[`${p}.address.number`] = 25;
  out[`${p}.address.zip`] = 5;
  out[`${p}.address.city`] = 50;
};
const tenant = (p: string, out: Record<string, number>) => {
  out[`${p}.firstName`] = 30;
  out[`${p}.lastName`] = 30;
  out[`${p}.email`] = 255;
  out[`${p}.emailRepeat`] = 255;
  out[`${p}.phone`] = 22;
  address(p, out);
};

function build(): Partial<Record<FieldPath, number>> {
  const out: Record<string, number> = {
    'billing.partner_code': 25,
    'uce.subPartnerCode': 25,
    'landlord.firstName': 30,
    'landlord.lastName': 30,
    'landlord.landlordName': 60,
    'landlord.companyName': 60,
    'landlord.companyNameAddition': 60,
    'object.preinsuranceCompany': 50,
    'object.preinsuranceId': 25,
    'object.predamageDetail': 255,
    'bankAccount.iban': 34,
    'bankAccount.bankName': 50,
    'selling.immoscout_area': 25,
    'selling.preisboerse_time': 25,
    'selling.MieterEngel_phone': 22,
  };
  tenant('firstTenant', out);
  tenant('secondTenant', out);
  address('object', out);
  address('landlord', out);
  return out as Partial<Record<FieldPath, number>>;
}

export const maxLengths: Partial<Record<FieldPath, number>> = build();
