import { createLayout } from './layout';
import { legalSource, type PdfLegalSlug } from './legalFiles';
import { fillPlaceholders, legalTitle, renderMarkdown } from './legalText';
import type { DocumentIssuer } from './operator';
import { documentTexts } from '../texts/documents';

/** The withdrawal line in the footer of every contract document (issue 12: the button's name). */
export const withdrawalFooter = (siteUrl: string) =>
  documentTexts.withdrawalFooter(siteUrl.replace(/^https?:\/\//, ''), siteUrl);

/** One of the static legal texts (conditions, consumer information, withdrawal) as a tagged PDF. */
export async function legalPdf(
  slug: PdfLegalSlug,
  issuer: DocumentIssuer,
  at: Date,
): Promise<Buffer> {
  const markdown = fillPlaceholders(legalSource(slug), issuer);
  const title = legalTitle(markdown);
  const l = createLayout(
    {
      title,
      subject: documentTexts.legalSubject(title, issuer.operator.name),
      author: issuer.operator.name,
      createdAt: at,
    },
    { footer: withdrawalFooter(issuer.siteUrl) },
  );
  l.letterhead(`${issuer.operator.name} · ${issuer.operator.street} · ${issuer.operator.zipCity}`);
  renderMarkdown(l, markdown);
  return l.end();
}
