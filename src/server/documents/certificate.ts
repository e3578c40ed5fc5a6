import { formatEuro } from '../../domain/index';
import { operatorLetter, signOff, type ContractParties } from './letter';
import { fallbackOperator, type OperatorDetails } from './operator';

export interface CertificateData extends ContractParties {
  /** Date of issue (the decision). */
  issuedAt: Date;
  /** The public verification page of this certificate and the code that releases it there. */
  verification?: { url: string; releaseCode: string } | undefined;
  operator?: OperatorDetails | undefined;
}

/** The guarantee certificate (Bürgschaftsurkunde) the tenant hands to the landlord. */
export async function certificatePdf(d: CertificateData): Promise<Buffer> {
  const op = d.operator ?? fallbackOperator;
  const l = operatorLetter(op, {
    title: 'Bürgschaftsurkunde',
    number: d.contractNumber,
    subject: 'Mietkautionsbürgschaft',
    kind: 'Mietkautionsbürgschaft (selbstschuldnerische Bürgschaft)',
    createdAt: d.issuedAt,
  });
  l.fields([
    { label: 'Vertragsnummer', value: d.contractNumber },
    { label: 'Bürge', value: [op.name, `${op.street}, ${op.zipCity}`] },
    { label: 'Mieter (Hauptschuldner)', value: d.tenants },
    { label: 'Vermieter (Gläubiger)', value: [d.landlord, d.landlordAddress].filter(Boolean) },
    { label: 'Mietobjekt', value: d.objectAddress },
    { label: 'Bürgschaftsbetrag', value: `${formatEuro(d.deposit)} (Höchstbetrag)` },
  ]);
  l.paragraph(
    `Für die Ansprüche des Vermieters aus dem Mietverhältnis über das oben genannte Mietobjekt übernimmt ${op.name} gegenüber dem Vermieter die selbstschuldnerische Bürgschaft bis zum Höchstbetrag von ${formatEuro(d.deposit)}. Die Bürgschaft tritt an die Stelle der Mietkaution (§ 551 BGB).`,
  );
  l.paragraph(
    'Der Bürge verzichtet auf die Einrede der Vorausklage (§ 771 BGB). Zahlungen leistet der Bürge auf erstes schriftliches Anfordern des Vermieters unter Angabe der Vertragsnummer.',
  );
  l.paragraph([
    'Die Bürgschaft ist unbefristet. Sie erlischt, sobald der Vermieter sie ',
    { bold: 'freigibt' },
    ' – online über den unten genannten Link oder QR-Code mit dem Freigabecode oder schriftlich gegenüber dem Bürgen – oder wenn der Bürge den Höchstbetrag gezahlt hat. Eine Rückgabe dieser Urkunde ist dafür nicht nötig: Sie ist elektronisch gesiegelt, jeder Ausdruck ist gleichwertig.',
  ]);
  l.paragraph(
    `Anforderungen und Freigaben richten Sie bitte an: ${op.name}, ${op.street}, ${op.zipCity}, E-Mail ${op.email}.`,
  );
  if (d.verification) {
    l.heading('Echtheit prüfen und Bürgschaft freigeben');
    l.qr(
      d.verification.url,
      `QR-Code mit dem Link zur Prüfseite dieser Bürgschaft: ${d.verification.url}`,
      [
        ['Prüfseite:'],
        [{ bold: d.verification.url }],
        ['Freigabecode: ', { bold: d.verification.releaseCode }],
        [
          'Die Prüfseite zeigt, ob die Bürgschaft gilt, widerrufen, freigegeben oder gekündigt ist. Dort kann der Vermieter sie mit dem Freigabecode freigeben.',
        ],
      ],
    );
  }
  signOff(
    l,
    op,
    d.issuedAt,
    'Diese Urkunde ist mit einem elektronischen Siegel des Bürgen versehen und ohne Unterschrift gültig.',
  );
  return l.end();
}
