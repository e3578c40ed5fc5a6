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

const { legalPdf, sealPdf } = documentRenderer;

export interface LegalDocument {
  slug: PdfLegalSlug;
  filename: string;
  content: Buffer;
}

/**
 * Rendered legal PDFs of this process, by issuer and seal: they depend only on the repository's
 * texts and the configuration, so every contract gets the same bytes, the database keeps no copy
 * per contract (ADR 0903) and the work (a second or so) is done once per process.
 */
const rendered = new Map<string, Promise<LegalDocument>>();

export function legalDocuments(ctx: {
  issuer: DocumentIssuer;
  sealIdentity(): Promise<SealIdentity>;
  clock: Clock;
}) {
  const render = async (slug: PdfLegalSlug, seal: SealIdentity): Promise<LegalDocument> => {
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
    return { slug, filename: legalFilename(slug), content };
  };
  const one = async (slug: PdfLegalSlug) => {
    const seal = await ctx.sealIdentity();
    const key = [
      slug,
      JSON.stringify(ctx.issuer),
      createHash('sha256').update(seal.p12).digest('hex'),
    ].join('|');
    let p = rendered.get(key);
    if (!p) {
      p = render(slug, seal);
      rendered.set(key, p);
      p.catch(() => rendered.delete(key));
    }
    return p;
  };
  return { one, all: () => Promise.all(pdfLegalSlugs.map(one)) };
}
export type LegalDocuments = ReturnType<typeof legalDocuments>;
