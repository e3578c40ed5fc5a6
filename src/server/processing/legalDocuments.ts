import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import {
  documentRenderer,
  legalFilename,
  pdfLegalSlugs,
  type DocumentIssuer,
  type PdfLegalSlug,
  type SealIdentity,
} from '../documents/index';
import { legalSource } from '../documents/legalFiles';

const { legalPdf, sealPdf } = documentRenderer;

export interface LegalDocument {
  slug: PdfLegalSlug;
  filename: string;
  content: Buffer;
  /** What the bytes were made from (legalVersion). */
  version: string;
}

/**
 * The version of one legal PDF: everything its bytes depend on besides the moment of sealing.
 * The text (content/legal/{slug}.md, read once per process), the issuer (OPERATOR_* details, SEPA
 * creditor id and site address fill the placeholders and the footer) and the seal identity. A
 * change to any of them is another version and is rendered and sealed anew (ADR 1011).
 */
export function legalVersion(slug: PdfLegalSlug, issuer: DocumentIssuer, seal: SealIdentity) {
  return createHash('sha256')
    .update(slug)
    .update('\0')
    .update(legalSource(slug))
    .update('\0')
    .update(JSON.stringify(issuer))
    .update('\0')
    .update(seal.p12)
    .digest('hex');
}

/**
 * The legal PDFs of this process by version: they are the same for every contract (conditions,
 * consumer information, withdrawal instructions), so each version is rendered and sealed once and
 * every contract's e-mail and download gets the same bytes; the database keeps no copy per
 * contract (ADR 0903). The most recently used `keptVersions` stay (a process with a second seal,
 * such as a sandbox one, alternates between two sets of three); older ones are dropped.
 */
const keptVersions = 12;
const rendered = new Map<string, Promise<LegalDocument>>();

export function legalDocuments(ctx: {
  issuer: DocumentIssuer;
  sealIdentity(): Promise<SealIdentity>;
  clock: Clock;
}) {
  const render = async (
    slug: PdfLegalSlug,
    seal: SealIdentity,
    version: string,
  ): Promise<LegalDocument> => {
    const at = ctx.clock.now();
    const { issuer } = ctx;
    const pdf = await legalPdf(slug, issuer, at);
    const content = await sealPdf(pdf, seal, {
      name: issuer.operator.name,
      reason: slug,
      location: issuer.operator.zipCity,
      contact: issuer.operator.email,
      at,
    });
    return { slug, filename: legalFilename(slug), content, version };
  };
  const one = async (slug: PdfLegalSlug) => {
    const seal = await ctx.sealIdentity();
    const version = legalVersion(slug, ctx.issuer, seal);
    const held = rendered.get(version);
    if (held) {
      // Most recently used last: the oldest is the first to go.
      rendered.delete(version);
      rendered.set(version, held);
      return held;
    }
    const pdf = render(slug, seal, version);
    rendered.set(version, pdf);
    for (const old of rendered.keys()) {
      if (rendered.size <= keptVersions) break;
      rendered.delete(old);
    }
    // A failed rendering is tried again by the next caller.
    pdf.catch(() => {
      if (rendered.get(version) === pdf) rendered.delete(version);
    });
    return pdf;
  };
  return { one, all: () => Promise.all(pdfLegalSlugs.map(one)) };
}
export type LegalDocuments = ReturnType<typeof legalDocuments>;
