import { formatDate, formatEuro } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { operatorLetter, signOff, type ContractParties } from './letter';
import { withdrawalFooter } from './legalDocuments';
import type { DocumentIssuer } from './operator';

export interface PolicyData extends ContractParties {
  ratePerPayment: number;
  ratePerYear: number;
  /** "monatlich", "jährlich", ... */
  paymentAdverb: string;
  /** Start of cover (the applicant's policy start date, else the date of issue). */
  startsOn: Date;
  issuedAt: Date;
  /** One-off extras with their price, e.g. the mail forwarding service. */
  extras: Array<{ label: string; price: number }>;
  sepa: {
    mandateReference: string;
    accountHolder: string;
    /** Masked IBAN (DE89 XXXX ... 3000) or "Kontonummer ..., BLZ ...". */
    account: string;
    bankName: string;
    firstDebitOn: Date;
    firstDebitAmount: number;
  };
}

/** The policy (Versicherungsschein) with the SEPA mandate reference and the pre-notification. */
export async function policyPdf(d: PolicyData, issuer: DocumentIssuer): Promise<Buffer> {
  const t = documentTexts.policy;
  const op = issuer.operator;
  const l = operatorLetter(
    op,
    {
      title: t.title,
      number: d.contractNumber,
      subject: t.subject,
      kind: t.kind,
      createdAt: d.issuedAt,
    },
    { footer: withdrawalFooter(issuer.siteUrl), specimen: d.specimen === true },
  );
  l.fields([
    { label: t.labels.contractNumber, value: d.contractNumber },
    { label: t.labels.insurer, value: [op.name, `${op.street}, ${op.zipCity}`] },
    { label: t.labels.policyholders, value: d.tenants },
    { label: t.labels.beneficiary, value: [d.landlord, d.landlordAddress].filter(Boolean) },
    { label: t.labels.object, value: d.objectAddress },
    { label: t.labels.deposit, value: formatEuro(d.deposit) },
    {
      label: t.labels.premium,
      value: t.premium(formatEuro(d.ratePerPayment), d.paymentAdverb, formatEuro(d.ratePerYear)),
    },
    ...d.extras.map((e) => ({ label: e.label, value: t.extraPrice(formatEuro(e.price)) })),
    { label: t.labels.start, value: formatDate(d.startsOn) },
    { label: t.labels.term, value: t.term },
  ]);

  const sepa = t.sepa;
  l.heading(sepa.heading);
  l.fields([
    { label: sepa.payee, value: op.name },
    { label: sepa.creditorId, value: issuer.sepaCreditorId },
    { label: sepa.mandateReference, value: d.sepa.mandateReference },
    { label: sepa.accountHolder, value: d.sepa.accountHolder },
    { label: sepa.account, value: [d.sepa.account, d.sepa.bankName].filter(Boolean) },
  ]);
  l.paragraph([
    { bold: sepa.preNotification },
    sepa.debits(
      formatEuro(d.sepa.firstDebitAmount),
      formatDate(d.sepa.firstDebitOn),
      formatEuro(d.ratePerPayment),
      d.paymentAdverb,
    ),
  ]);

  l.heading(t.documents.heading);
  l.paragraph(t.documents.intro);
  l.list(t.documents.list(d.contractNumber));

  l.heading(t.withdrawal.heading);
  l.paragraph([
    t.withdrawal.before,
    { bold: t.withdrawal.bold },
    t.withdrawal.after(issuer.siteUrl),
  ]);

  l.space(6);
  signOff(l, op, d.issuedAt, t.sealNote);
  return l.end();
}
