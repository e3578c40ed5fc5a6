import { marked, type Token, type Tokens } from 'marked';
import type { Inline, Layout } from './layout';
import type { DocumentIssuer } from './operator';

/** Fills {{operator.x}} and {{operator.sepaCreditorId}}; an unknown placeholder is an error. */
export function fillPlaceholders(markdown: string, issuer: DocumentIssuer): string {
  return markdown.replace(/\{\{\s*operator\.([A-Za-z]+)\s*\}\}/g, (_m, key: string) => {
    if (key === 'sepaCreditorId') return issuer.sepaCreditorId;
    const value = (issuer.operator as unknown as Record<string, string | undefined>)[key];
    if (value === undefined) throw new Error(`unknown placeholder operator.${key}`);
    return value;
  });
}

/** Inline tokens (text, bold, links, escapes) as layout runs; other emphasis stays plain text. */
function inline(tokens: Token[] | undefined, bold = false): Inline[] {
  const out: Inline[] = [];
  for (const t of tokens ?? []) {
    if (t.type === 'strong') out.push(...inline((t as Tokens.Strong).tokens, true));
    else if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0)
      out.push(...inline(t.tokens, bold));
    else {
      const text = 'text' in t && typeof t.text === 'string' ? t.text : t.raw;
      const plain = text
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'");
      out.push(bold ? { bold: plain } : plain);
    }
  }
  return out;
}

/** The title (first "# ") of a legal text. */
export function legalTitle(markdown: string): string {
  const h = marked.lexer(markdown).find((t) => t.type === 'heading' && t.depth === 1);
  return h && 'text' in h ? String(h.text) : '';
}

/** Renders the Markdown subset of content/legal (#, ##, ###, paragraphs, - lists, **bold**). */
export function renderMarkdown(layout: Layout, markdown: string): void {
  for (const t of marked.lexer(markdown)) {
    if (t.type === 'heading') {
      const h = t as Tokens.Heading;
      const text = inline(h.tokens)
        .map((r) => (typeof r === 'string' ? r : r.bold))
        .join('');
      if (h.depth === 1) layout.title(text);
      else layout.heading(text, h.depth === 2 ? 2 : 3);
    } else if (t.type === 'paragraph') {
      layout.paragraph(inline((t as Tokens.Paragraph).tokens));
    } else if (t.type === 'list') {
      layout.list((t as Tokens.List).items.map((item) => inline(item.tokens)));
    }
  }
}
