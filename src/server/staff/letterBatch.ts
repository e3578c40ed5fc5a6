import type { LetterKind } from '../../domain/contracts/letters';
import { formatDate } from '../../domain/messages/format';
import {
  contractCredentials,
  landlordReleaseCode,
  verificationUrl,
} from '../contracts/credentials';
import type { OperatorDetails } from '../documents/operator';
import { createLayout, type Layout } from '../documents/layout';
import { landlordLetterTexts as t } from '../texts/staff';

export interface BatchLetter {
  applicationId: string;
  contractNumber: string;
  kind: LetterKind;
  landlord: { name: string; address: string };
  objectAddress: string;
  createdAt: string;
}

/** What the release code letter derives from the contract (ADR 1119); nothing of it is stored. */
export interface LetterSecrets {
  serverSecret: string;
  publicUrl: string;
}

type Body = (l: Layout, letter: BatchLetter, s: LetterSecrets) => void;

const plain =
  (kind: LetterKind): Body =>
  (l) =>
    l.paragraph(t.kinds[kind]);

/**
 * The body of each kind of letter. The release code letter carries the code of
 * `landlordReleaseCode` and the verification link of the certificate's QR code (same token,
 * same PUBLIC_URL), so the landlord can release online or in writing.
 */
const bodies: Record<LetterKind, Body> = {
  release_code: (l, letter, s) => {
    const r = t.releaseCode;
    const url = verificationUrl(
      s.publicUrl,
      contractCredentials(s.serverSecret, letter.applicationId).verificationToken,
    );
    l.paragraph(t.kinds.release_code);
    l.paragraph(
      r.code(letter.contractNumber, landlordReleaseCode(s.serverSecret, letter.applicationId)),
      { bold: true },
    );
    l.qr(url, r.qrAlt(url), [[r.qrPage], [{ bold: url }], [r.where]]);
    l.heading(r.howTitle);
    l.list([...r.steps]);
    l.paragraph(r.when);
    l.paragraph(r.secret, { bold: true });
  },
  withdrawn: plain('withdrawn'),
  cancellation_requested: plain('cancellation_requested'),
  cancelled: plain('cancelled'),
  released: plain('released'),
  reinstated: plain('reinstated'),
  partially_released: plain('partially_released'),
};

/**
 * The letters to landlords as one print-ready PDF (A4, one letter per page, the address where a
 * window envelope shows it), tagged like every document of ours (ADR 0900). Sent by post by the
 * back office (ADR 1204).
 */
export async function letterBatchPdf(
  letters: BatchLetter[],
  op: OperatorDetails,
  secrets: LetterSecrets,
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
    bodies[letter.kind](l, letter, secrets);
    l.paragraph(t.contact(op.email, op.phone));
    l.paragraph(op.name, { bold: true });
    l.paragraph(op.register, { size: 8.5 });
  });
  return l.end();
}
