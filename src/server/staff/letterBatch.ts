import { formatDate } from '../../domain/messages/format';
import type { OperatorDetails } from '../documents/operator';
import { createLayout } from '../documents/layout';
import { landlordLetterTexts as t } from '../texts/staff';

export interface BatchLetter {
  contractNumber: string;
  kind: string;
  landlord: { name: string; address: string };
  objectAddress: string;
  createdAt: string;
}

const kindText = (kind: string): string =>
  (t.kinds as Record<string, string>)[kind] ?? t.unknownKind;

/**
 * The letters to landlords as one print-ready PDF (A4, one letter per page, the address where a
 * window envelope shows it), tagged like every document of ours (ADR 0900). Sent by post by the
 * back office (ADR 1204).
 */
export async function letterBatchPdf(
  letters: BatchLetter[],
  op: OperatorDetails,
  now: Date,
): Promise<Buffer> {
  const l = createLayout({
    title: `Briefe ${formatDate(now)}`,
    subject: t.title,
    author: op.name,
    createdAt: now,
  });
  letters.forEach((letter, i) => {
    if (i > 0) l.pageBreak();
    l.letterhead(`${op.name} · ${op.street} · ${op.zipCity}`);
    l.paragraph(letter.landlord.name);
    for (const line of letter.landlord.address.split(', ')) l.paragraph(line);
    l.space(24);
    l.paragraph(formatDate(now));
    l.title(t.title);
    l.paragraph(t.subject(letter.contractNumber), { bold: true });
    l.paragraph(t.rental(letter.objectAddress));
    l.paragraph(kindText(letter.kind));
    l.paragraph(t.contact(op.email, op.phone));
    l.paragraph(op.name, { bold: true });
    l.paragraph(op.register, { size: 8.5 });
  });
  return l.end();
}
