import { formatCents, type BorderoRow } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { operatorLetter, signOff } from './letter';
import type { DocumentIssuer } from './operator';

export interface BorderoPdfData {
  month: string;
  insurer: string;
  taxBasisPoints: number;
  rows: BorderoRow[];
  totals: Omit<BorderoRow, 'contractNumber'>;
  issuedAt: Date;
}

/** The monthly Bordero for one insurer as a PDF (ADR 1232): the sums first, then per contract. */
export async function borderoPdf(d: BorderoPdfData, issuer: DocumentIssuer): Promise<Buffer> {
  const t = documentTexts.bordero;
  const op = issuer.operator;
  const l = operatorLetter(op, {
    title: t.title(d.month),
    number: d.insurer,
    subject: t.subject,
    kind: t.kind,
    createdAt: d.issuedAt,
  });
  const sums = (r: Omit<BorderoRow, 'contractNumber'>) => [
    { label: t.labels.collected, value: formatCents(r.collectedCents) },
    { label: t.labels.refunded, value: formatCents(r.refundedCents) },
    { label: t.labels.net, value: formatCents(r.netCents) },
    { label: t.labels.tax, value: formatCents(r.taxCents) },
    { label: t.labels.premium, value: formatCents(r.premiumExTaxCents) },
  ];
  l.fields([
    { label: t.labels.insurer, value: d.insurer },
    { label: t.labels.month, value: d.month },
    { label: t.labels.rate, value: t.rate(d.taxBasisPoints) },
    { label: t.labels.contracts, value: String(d.rows.length) },
  ]);
  l.heading(t.totalsHeading);
  l.fields(sums(d.totals));
  l.paragraph(t.taxNote, { size: 8.5 });
  l.heading(t.rowsHeading);
  if (d.rows.length === 0) l.paragraph(t.none);
  else
    l.list(
      d.rows.map((r) =>
        t.row(
          r.contractNumber,
          formatCents(r.collectedCents),
          formatCents(r.refundedCents),
          formatCents(r.netCents),
          formatCents(r.taxCents),
          formatCents(r.premiumExTaxCents),
        ),
      ),
    );
  l.space(6);
  signOff(l, op, d.issuedAt);
  return l.end();
}
