import { formatCents, formatIsoDate, type PremiumStatement } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { operatorLetter, signOff } from './letter';
import type { DocumentIssuer } from './operator';

export interface PremiumStatementData {
  contractNumber: string;
  tenants: string[];
  objectAddress: string;
  statement: PremiumStatement;
  issuedAt: Date;
}

/**
 * "Beitragsbescheinigung {Jahr}" (ADR 1231): what the ledger shows as paid in the calendar year,
 * the sum first, then every movement. Made on request, not stored (the ledger is the record).
 */
export async function premiumStatementPdf(
  d: PremiumStatementData,
  issuer: DocumentIssuer,
): Promise<Buffer> {
  const t = documentTexts.premiumStatement;
  const s = d.statement;
  const op = issuer.operator;
  const l = operatorLetter(op, {
    title: t.title(s.year),
    number: d.contractNumber,
    subject: t.subject,
    kind: t.kind,
    createdAt: d.issuedAt,
  });
  l.fields([
    { label: t.labels.contractNumber, value: d.contractNumber },
    { label: t.labels.policyholders, value: d.tenants },
    { label: t.labels.object, value: d.objectAddress },
    { label: t.labels.year, value: String(s.year) },
  ]);
  l.paragraph(t.intro(s.year));
  l.fields([
    { label: t.labels.collected, value: formatCents(s.collectedCents) },
    { label: t.labels.returned, value: t.minus(formatCents(s.returnedCents)) },
    { label: t.labels.refunded, value: t.minus(formatCents(s.refundedCents)) },
    { label: t.labels.paid, value: formatCents(s.paidCents) },
  ]);
  l.heading(t.movementsHeading);
  if (s.lines.length === 0) l.paragraph(t.none);
  else
    l.list(
      s.lines.map((m) =>
        t.movement[m.kind](formatIsoDate(m.bookedOn), formatCents(Math.abs(m.amountCents))),
      ),
    );
  l.paragraph(t.taxNote, { size: 8.5 });
  l.space(6);
  signOff(l, op, d.issuedAt, t.machineNote);
  return l.end();
}
