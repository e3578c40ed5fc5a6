import { Lexer, type Token, type Tokens } from 'marked';

/** The operator details legal texts refer to as {{operator.*}} (COMMON contract, ADR 0805). */
export interface OperatorDetails {
  name: string;
  street: string;
  zipCity: string;
  email: string;
  phone: string;
  register: string;
  vatId: string;
  representatives: string;
  supervisor: string;
  sepaCreditorId: string;
}

/** A run of text; bold for **...**. Newlines inside a paragraph are kept (addresses). */
export interface LegalInline {
  text: string;
  bold?: true;
}

export type LegalBlock =
  | { kind: 'heading'; level: 2 | 3; content: LegalInline[] }
  | { kind: 'paragraph'; content: LegalInline[] }
  | { kind: 'list'; items: LegalInline[][] };

export interface LegalDocument {
  /** The text of the one `#` heading. */
  title: string;
  blocks: LegalBlock[];
}

export class LegalTextError extends Error {}

const placeholder = /\{\{\s*operator\.([A-Za-z]+)\s*\}\}/g;

function fill(text: string, operator: OperatorDetails): string {
  return text.replace(placeholder, (whole, key: string) => {
    if (!Object.hasOwn(operator, key)) throw new LegalTextError(`unknown placeholder ${whole}`);
    return operator[key as keyof OperatorDetails];
  });
}

/** Inline tokens -> runs: bold stays bold, everything else (links, code, html) is plain text. */
function inline(
  tokens: Token[] | undefined,
  operator: OperatorDetails,
  bold = false,
): LegalInline[] {
  const out: LegalInline[] = [];
  for (const t of tokens ?? []) {
    if (t.type === 'strong') {
      out.push(...inline((t as Tokens.Strong).tokens, operator, true));
    } else if (t.type === 'br') {
      out.push({ text: '\n' });
    } else if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0) {
      out.push(...inline(t.tokens, operator, bold));
    } else {
      const text = fill('text' in t && typeof t.text === 'string' ? t.text : t.raw, operator);
      out.push(bold ? { text, bold: true } : { text });
    }
  }
  // Neighbours of the same weight merge: fewer elements, and tests read whole sentences.
  return out.reduce<LegalInline[]>((acc, r) => {
    const last = acc[acc.length - 1];
    if (last && !!last.bold === !!r.bold) last.text += r.text;
    else acc.push({ ...r });
    return acc;
  }, []);
}

/**
 * A legal text in our Markdown subset - one `#` title, `##`/`###` headings, paragraphs, `-` lists,
 * `**bold**` - as data the web app renders as React elements (never as HTML). marked's lexer does
 * the parsing; anything outside the subset becomes plain text. {{operator.*}} placeholders are
 * filled in the text runs after parsing, so a configured value can never add markup. Pure.
 */
export function parseLegalText(markdown: string, operator: OperatorDetails): LegalDocument {
  let title: string | undefined;
  const blocks: LegalBlock[] = [];
  for (const token of new Lexer().lex(markdown)) {
    switch (token.type) {
      case 'heading': {
        const h = token as Tokens.Heading;
        const content = inline(h.tokens, operator);
        if (h.depth === 1) {
          if (title !== undefined) throw new LegalTextError('more than one # title');
          title = content.map((c) => c.text).join('');
        } else {
          blocks.push({ kind: 'heading', level: h.depth === 2 ? 2 : 3, content });
        }
        break;
      }
      case 'list': {
        const l = token as Tokens.List;
        blocks.push({
          kind: 'list',
          items: l.items.map((item) => inline(item.tokens, operator)),
        });
        break;
      }
      case 'space':
      case 'hr':
        break;
      case 'paragraph':
        blocks.push({
          kind: 'paragraph',
          content: inline((token as Tokens.Paragraph).tokens, operator),
        });
        break;
      default:
        // Tables, code blocks, quotes, HTML: outside the subset, kept as their plain text.
        blocks.push({ kind: 'paragraph', content: [{ text: fill(token.raw.trim(), operator) }] });
    }
  }
  if (title === undefined) throw new LegalTextError('a legal text needs one # title');
  return { title, blocks };
}
