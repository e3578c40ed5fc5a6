import { formatDate, formatEuro } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { fallbackOperator, type OperatorDetails } from './operator';
import { operatorLetter, signOff } from './letter';

export interface ReservationConfirmationData {
  reservationNumber: string;
  tenant: string;
  tenantAddress: string;
  deposit: number;
  issuedAt: Date;
  validUntil: Date;
  /** Made with a partner's sandbox key: a marked specimen (ADR 1130). */
  specimen?: boolean | undefined;
  /** config.operator (OPERATOR_*), as on the certificate; the fallback only in document tests. */
  operator?: OperatorDetails | undefined;
}

/** "für Herrn Max Muster": the salutation after "für" takes the accusative. */
const accusative = (name: string) => name.replace(/^Herr /, 'Herrn ');

/** The reservation confirmation (Sofortzusage) a tenant can show a prospective landlord. */
export async function reservationConfirmationPdf(d: ReservationConfirmationData): Promise<Buffer> {
  const t = documentTexts.reservation;
  const guarantor = d.operator ?? fallbackOperator;
  const l = operatorLetter(
    guarantor,
    {
      title: t.title,
      number: d.reservationNumber,
      subject: t.subject,
      kind: t.kind,
      createdAt: d.issuedAt,
    },
    { specimen: d.specimen === true },
  );
  l.fields([
    { label: t.labels.number, value: d.reservationNumber },
    { label: t.labels.tenant, value: [d.tenant, d.tenantAddress].filter(Boolean) },
    { label: t.labels.amount, value: formatEuro(d.deposit) },
    { label: t.labels.validUntil, value: formatDate(d.validUntil) },
  ]);
  l.paragraph(
    t.promise(
      guarantor.name,
      accusative(d.tenant),
      formatEuro(d.deposit),
      formatDate(d.validUntil),
    ),
  );
  l.paragraph(t.notYetAGuarantee);
  l.space(12);
  signOff(l, guarantor, d.issuedAt);
  return l.end();
}
