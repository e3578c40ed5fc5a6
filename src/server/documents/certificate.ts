import { formatEuro } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { operatorLetter, signOff, type ContractParties } from './letter';
import { fallbackOperator, type OperatorDetails } from './operator';

export interface CertificateData extends ContractParties {
  /** Date of issue (the decision). */
  issuedAt: Date;
  /**
   * The public verification page of this certificate. The release code is not printed: the
   * tenant holds this certificate, the code goes to the landlord by letter (ADR 1119).
   */
  verification?: { url: string } | undefined;
  operator?: OperatorDetails | undefined;
}

/** The guarantee certificate (Bürgschaftsurkunde) the tenant hands to the landlord. */
export async function certificatePdf(d: CertificateData): Promise<Buffer> {
  const t = documentTexts.certificate;
  const op = d.operator ?? fallbackOperator;
  const l = operatorLetter(
    op,
    {
      title: t.title,
      number: d.contractNumber,
      subject: t.subject,
      kind: t.kind,
      createdAt: d.issuedAt,
    },
    { specimen: d.specimen === true },
  );
  l.fields([
    { label: t.labels.contractNumber, value: d.contractNumber },
    { label: t.labels.guarantor, value: [op.name, `${op.street}, ${op.zipCity}`] },
    { label: t.labels.tenants, value: d.tenants },
    { label: t.labels.landlord, value: [d.landlord, d.landlordAddress].filter(Boolean) },
    { label: t.labels.object, value: d.objectAddress },
    { label: t.labels.amount, value: t.maximumAmount(formatEuro(d.deposit)) },
  ]);
  l.paragraph(t.guarantee(op.name, formatEuro(d.deposit)));
  l.paragraph(t.noPriorAction);
  l.paragraph([t.release.before, { bold: t.release.bold }, t.release.after]);
  l.paragraph(t.contact(op.email));
  if (d.verification) {
    const v = t.verification;
    l.heading(v.heading);
    l.qr(d.verification.url, v.qrAlt(d.verification.url), [
      [v.page],
      [{ bold: d.verification.url }],
      [v.explanation],
    ]);
  }
  signOff(l, op, d.issuedAt, t.sealNote);
  return l.end();
}
