import { formatDate } from '../../domain/index';
import { documentTexts } from '../texts/documents';
import { createLayout, type Layout } from './layout';
import { placeOf, type OperatorDetails } from './operator';
import { sandboxTexts } from '../texts/sandbox';

/** The parties and the sum of a contract, as the policy and the certificate name them. */
export interface ContractParties {
  contractNumber: string;
  /** Tenants as "Vorname Nachname, Straße Nr, PLZ Ort" (the policyholders, the main debtors). */
  tenants: string[];
  landlord: string;
  landlordAddress: string;
  objectAddress: string;
  deposit: number;
  /** Made with a partner's sandbox key: a marked specimen (ADR 1130). */
  specimen?: boolean | undefined;
}

type Sender = Pick<OperatorDetails, 'name' | 'street' | 'zipCity' | 'register'>;

/**
 * The opening every document of the operator shares: the PDF's metadata ("{title} {number}"), the
 * sender line, the title and the kind of document in bold.
 */
export function operatorLetter(
  op: Sender,
  d: { title: string; number: string; subject: string; kind: string; createdAt: Date },
  opts?: { footer?: string; specimen?: boolean },
): Layout {
  const l = createLayout(
    {
      title: `${d.title} ${d.number}`,
      subject: d.subject,
      author: op.name,
      createdAt: d.createdAt,
    },
    opts,
  );
  l.letterhead(`${op.name} · ${op.street} · ${op.zipCity}`);
  l.title(d.title);
  if (l.specimen) l.paragraph(sandboxTexts.notice, { bold: true });
  l.paragraph(d.kind, { bold: true });
  return l;
}

/** The closing: place and date, the operator, the note on the seal (sealed documents), the register. */
export function signOff(l: Layout, op: Sender, issuedAt: Date, sealNote?: string): void {
  l.paragraph(documentTexts.placeAndDate(placeOf(op.zipCity), formatDate(issuedAt)));
  l.paragraph(op.name, { bold: true });
  // One small paragraph for both: the certificate must stay on one page (issue 27).
  const note = sealNote && l.specimen ? sandboxTexts.sealNote : sealNote;
  l.paragraph([note, op.register].filter(Boolean).join(' '), { size: 8.5 });
}
