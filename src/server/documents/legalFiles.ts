import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LegalSlug } from '../../domain/legal/index';

// Which legal texts are PDFs and where their Markdown lies: light enough for the HTTP side (links,
// pages); the Markdown is turned into PDF layout by legalText.ts in the document thread.

/** The legal texts (of the domain's list, src/domain/legal/slugs.ts) that are also sealed PDFs. */
export const pdfLegalSlugs = [
  'versicherungsbedingungen',
  'verbraucherinformationen',
  'widerrufsbelehrung',
] as const satisfies readonly LegalSlug[];
export type PdfLegalSlug = (typeof pdfLegalSlugs)[number];

export const isPdfLegalSlug = (s: string): s is PdfLegalSlug =>
  (pdfLegalSlugs as readonly string[]).includes(s);

/** content/legal/{slug}.md: the pages (api/legal.ts) and the PDFs read the same files. */
export const legalContentDir = fileURLToPath(new URL('../../../content/legal/', import.meta.url));

const cache = new Map<PdfLegalSlug, string>();

/** The Markdown source, read once per process. */
export function legalSource(slug: PdfLegalSlug): string {
  let text = cache.get(slug);
  if (text === undefined) {
    text = readFileSync(`${legalContentDir}${slug}.md`, 'utf8');
    cache.set(slug, text);
  }
  return text;
}
