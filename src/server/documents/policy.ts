import { formatDate, formatEuro } from '../../domain/index';
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
  const op = issuer.operator;
  const l = operatorLetter(
    op,
    {
      title: 'Versicherungsschein',
      number: d.contractNumber,
      subject: 'Versicherungsschein zur Mietkautionsbürgschaft',
      kind: 'Mietkautionsbürgschaft (Kautionsversicherung)',
      createdAt: d.issuedAt,
    },
    { footer: withdrawalFooter(issuer.siteUrl) },
  );
  l.fields([
    { label: 'Vertragsnummer', value: d.contractNumber },
    { label: 'Versicherer', value: [op.name, `${op.street}, ${op.zipCity}`] },
    { label: 'Versicherungsnehmer', value: d.tenants },
    {
      label: 'Begünstigter (Vermieter)',
      value: [d.landlord, d.landlordAddress].filter(Boolean),
    },
    { label: 'Mietobjekt', value: d.objectAddress },
    { label: 'Bürgschaftssumme', value: formatEuro(d.deposit) },
    {
      label: 'Beitrag',
      value: `${formatEuro(d.ratePerPayment)} ${d.paymentAdverb} (${formatEuro(d.ratePerYear)} im Jahr; Endpreis)`,
    },
    ...d.extras.map((e) => ({ label: e.label, value: `${formatEuro(e.price)} einmalig` })),
    { label: 'Versicherungsbeginn', value: formatDate(d.startsOn) },
    {
      label: 'Laufzeit',
      value: 'unbefristet, ohne Mindestlaufzeit; endet mit der Freigabe durch den Vermieter',
    },
  ]);

  l.heading('SEPA-Lastschrift');
  l.fields([
    { label: 'Zahlungsempfänger', value: op.name },
    { label: 'Gläubiger-Identifikationsnummer', value: issuer.sepaCreditorId },
    { label: 'Mandatsreferenz', value: d.sepa.mandateReference },
    { label: 'Kontoinhaber', value: d.sepa.accountHolder },
    { label: 'Konto', value: [d.sepa.account, d.sepa.bankName].filter(Boolean) },
  ]);
  l.paragraph([
    { bold: 'Vorabankündigung: ' },
    `Den ersten Beitrag von ${formatEuro(d.sepa.firstDebitAmount)} ziehen wir am ${formatDate(d.sepa.firstDebitOn)} von Ihrem Konto ein. Danach ziehen wir ${formatEuro(d.ratePerPayment)} ${d.paymentAdverb} jeweils zum gleichen Kalendertag ein. Bitte sorgen Sie für ausreichende Deckung. Sie können innerhalb von acht Wochen ab der Belastung die Erstattung verlangen.`,
  ]);

  l.heading('Ihre Vertragsunterlagen');
  l.paragraph('Zu diesem Vertrag gehören:');
  l.list([
    'dieser Versicherungsschein',
    'die Versicherungsbedingungen für die Mietkautionsbürgschaft',
    'die Verbraucherinformationen mit dem Produktinformationsblatt',
    'die Widerrufsbelehrung',
    `die Bürgschaftsurkunde ${d.contractNumber} für Ihren Vermieter`,
  ]);

  l.heading('Widerruf');
  l.paragraph([
    'Sie können Ihre Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen (§ 8 VVG). Am einfachsten geht das ohne Anmeldung über die Schaltfläche ',
    { bold: '„Vertrag widerrufen“' },
    ` unten auf jeder Seite unserer Website oder direkt unter ${issuer.siteUrl}/widerruf. Einzelheiten stehen in der Widerrufsbelehrung.`,
  ]);

  l.space(6);
  signOff(
    l,
    op,
    d.issuedAt,
    'Dieser Versicherungsschein ist mit einem elektronischen Siegel versehen und ohne Unterschrift gültig.',
  );
  return l.end();
}
