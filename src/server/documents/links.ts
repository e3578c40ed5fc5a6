import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { de } from '../../domain/index';
import { pdfLegalSlugs, type PdfLegalSlug } from './legalFiles';

/**
 * Download links of a contract's documents that expire (issue 15: the cid must not open the
 * documents forever, nor reach another origin): /api/documents/{applicationId}/{kind}.pdf
 * ?expires={unix seconds}&signature={HMAC-SHA256(SERVER_SECRET-derived key, id.kind.expires)}.
 * The application id is a random UUID that says nothing by itself; the signature makes the link
 * unforgeable and the expiry ends it (ADR 0904). The static legal texts are public:
 * /api/legal/{slug}.pdf.
 */
const linkedKinds = ['certificate', 'policy', 'reservation_confirmation'] as const;
export type LinkedKind = (typeof linkedKinds)[number];
export const isLinkedKind = (k: string): k is LinkedKind =>
  (linkedKinds as readonly string[]).includes(k);

export interface DocumentLink {
  kind: LinkedKind | PdfLegalSlug;
  title: string;
  /** Path (for our own pages) or absolute URL (e-mails). */
  url: string;
  /** ISO time the link stops working; absent for the public legal texts. */
  expiresAt?: string;
}

const key = (secret: string) => createHash('sha256').update(`document-link:${secret}`).digest();

const signatureOf = (secret: string, id: string, kind: string, expires: number) =>
  createHmac('sha256', key(secret)).update(`${id}.${kind}.${expires}`).digest('base64url');

export function documentLinkPath(
  secret: string,
  link: { applicationId: string; kind: LinkedKind; expiresAt: Date },
): string {
  const expires = Math.floor(link.expiresAt.getTime() / 1000);
  const signature = signatureOf(secret, link.applicationId, link.kind, expires);
  return `/api/documents/${link.applicationId}/${link.kind}.pdf?expires=${expires}&signature=${signature}`;
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/** The signature first (a forged link learns nothing about expiry), then the time. */
export function checkDocumentLink(
  secret: string,
  link: { applicationId: string; kind: string; expires: unknown; signature: unknown },
  now: Date,
): LinkCheck {
  const expires = Number(link.expires);
  if (!Number.isSafeInteger(expires) || typeof link.signature !== 'string') return 'invalid';
  const expected = Buffer.from(signatureOf(secret, link.applicationId, link.kind, expires));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= expires * 1000 ? 'expired' : 'ok';
}

/** The documents of an accepted application, signed until `expiresAt`, plus the legal texts. */
export function documentLinks(args: {
  secret: string;
  /** '' for paths (our own pages), PUBLIC_URL for e-mails. */
  base: string;
  applicationId: string;
  kinds: LinkedKind[];
  expiresAt: Date;
  withLegal: boolean;
}): DocumentLink[] {
  const base = args.base.replace(/\/$/, '');
  const titles = de.ui.documents.titles;
  const own = args.kinds.map((kind) => ({
    kind,
    title: titles[kind],
    url: `${base}${documentLinkPath(args.secret, { ...args, kind })}`,
    expiresAt: args.expiresAt.toISOString(),
  }));
  const legal = args.withLegal
    ? pdfLegalSlugs.map((slug) => ({
        kind: slug,
        title: titles[slug],
        url: `${base}/api/legal/${slug}.pdf`,
      }))
    : [];
  return [...own, ...legal];
}

/** Which stored documents an accepted application offers for download. */
export function downloadableKinds(
  kind: 'contract' | 'reservation',
  digital: boolean,
): LinkedKind[] {
  if (kind === 'reservation') return ['reservation_confirmation'];
  return digital ? ['certificate', 'policy'] : ['policy'];
}
