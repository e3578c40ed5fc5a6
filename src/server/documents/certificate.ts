import { formatDate, formatEuro } from '../mail/format';
import { guarantor } from './guarantor';
import { createLayout } from './layout';

export interface CertificateData {
  contractNumber: string;
  /** Tenants as "Vorname Nachname, Straße Nr, PLZ Ort". */
  tenants: string[];
  landlord: string;
  landlordAddress: string;
  objectAddress: string;
  deposit: number;
  /** Date of issue (the decision). */
  issuedAt: Date;
}

export const certificateFilename = (contractNumber: string) =>
  `Buergschaftsurkunde-${contractNumber}.pdf`;

/** The guarantee certificate (Bürgschaftsurkunde) the tenant hands to the landlord. */
export async function certificatePdf(d: CertificateData): Promise<Uint8Array> {
  const l = await createLayout({
    title: `Bürgschaftsurkunde ${d.contractNumber}`,
    subject: 'Mietkautionsbürgschaft',
    author: guarantor.name,
    createdAt: d.issuedAt,
  });
  l.paragraph(`${guarantor.name} · ${guarantor.street} · ${guarantor.zipCity}`, { size: 9 });
  l.space(12);
  l.title('Bürgschaftsurkunde');
  l.paragraph('Mietkautionsbürgschaft (selbstschuldnerische Bürgschaft)', { bold: true });
  l.space(6);
  l.field('Vertragsnummer', d.contractNumber);
  l.field('Bürge', [guarantor.name, `${guarantor.street}, ${guarantor.zipCity}`]);
  l.field('Mieter (Hauptschuldner)', d.tenants);
  l.field('Vermieter (Gläubiger)', [d.landlord, d.landlordAddress].filter(Boolean));
  l.field('Mietobjekt', d.objectAddress);
  l.field('Bürgschaftsbetrag', `${formatEuro(d.deposit)} (Höchstbetrag)`);
  l.space(8);
  l.paragraph(
    `Für die Ansprüche des Vermieters aus dem Mietverhältnis über das oben genannte Mietobjekt übernimmt ${guarantor.name} gegenüber dem Vermieter die selbstschuldnerische Bürgschaft bis zum Höchstbetrag von ${formatEuro(d.deposit)}. Die Bürgschaft tritt an die Stelle der Mietkaution (§ 551 BGB).`,
  );
  l.paragraph(
    'Der Bürge verzichtet auf die Einrede der Vorausklage (§ 771 BGB). Die Bürgschaft ist unbefristet; sie erlischt, sobald der Vermieter diese Urkunde zurückgibt oder schriftlich auf seine Rechte daraus verzichtet. Zahlungen leistet der Bürge auf erstes schriftliches Anfordern des Vermieters unter Angabe der Vertragsnummer.',
  );
  l.paragraph(
    `Anforderungen richten Sie bitte an: ${guarantor.name}, ${guarantor.street}, ${guarantor.zipCity}, E-Mail ${guarantor.serviceEmail}.`,
  );
  l.space(18);
  l.paragraph(`Berlin, den ${formatDate(d.issuedAt)}`);
  l.space(10);
  l.paragraph(guarantor.name, { bold: true });
  l.paragraph('Diese Urkunde wurde elektronisch erstellt und ist ohne Unterschrift gültig.', {
    size: 8.5,
  });
  l.paragraph(guarantor.register, { size: 8.5 });
  return l.save();
}
