import { formatDate, formatEuro } from '../../domain/index';
import { fallbackOperator, type OperatorDetails } from './operator';
import { operatorLetter, signOff } from './letter';

export interface ReservationConfirmationData {
  reservationNumber: string;
  tenant: string;
  tenantAddress: string;
  deposit: number;
  issuedAt: Date;
  validUntil: Date;
  /** config.operator (OPERATOR_*), as on the certificate; the fallback only in document tests. */
  operator?: OperatorDetails | undefined;
}

/** "für Herrn Max Muster": the salutation after "für" takes the accusative. */
const accusative = (name: string) => name.replace(/^Herr /, 'Herrn ');

/** The reservation confirmation (Sofortzusage) a tenant can show a prospective landlord. */
export async function reservationConfirmationPdf(d: ReservationConfirmationData): Promise<Buffer> {
  const guarantor = d.operator ?? fallbackOperator;
  const l = operatorLetter(guarantor, {
    title: 'Sofortzusage',
    number: d.reservationNumber,
    subject: 'Reservierung einer Mietkautionsbürgschaft',
    kind: 'Bestätigung der Reservierung einer Mietkautionsbürgschaft',
    createdAt: d.issuedAt,
  });
  l.fields([
    { label: 'Reservierungsnummer', value: d.reservationNumber },
    { label: 'Mieter', value: [d.tenant, d.tenantAddress].filter(Boolean) },
    { label: 'Bürgschaft bis zu', value: formatEuro(d.deposit) },
    { label: 'Gültig bis', value: formatDate(d.validUntil) },
  ]);
  l.paragraph(
    `${guarantor.name} bestätigt, dass sie für ${accusative(d.tenant)} eine Mietkautionsbürgschaft bis zu einem Betrag von ${formatEuro(d.deposit)} übernehmen wird, wenn der Mietvertrag bis zum ${formatDate(d.validUntil)} geschlossen und der Antrag mit den Angaben zu Vermieter und Mietobjekt vervollständigt wird.`,
  );
  l.paragraph(
    'Diese Bestätigung ist selbst noch keine Bürgschaft. Der Vermieter erhält die Bürgschaftsurkunde, sobald der Antrag abgeschlossen ist.',
  );
  l.space(12);
  signOff(l, guarantor, d.issuedAt);
  return l.end();
}
