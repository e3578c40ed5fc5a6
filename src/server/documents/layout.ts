import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A tiny flowing-text layout on pdf-lib with the standard Helvetica fonts. Their WinAnsi encoding
 * covers German (ä ö ü ß €); any other character is transliterated (é -> e) or replaced by "?",
 * because pdf-lib refuses to draw what the font cannot encode. The text stays real, extractable
 * text (no images).
 */
export interface Layout {
  doc: PDFDocument;
  title(text: string): void;
  heading(text: string): void;
  paragraph(text: string, opts?: { bold?: boolean; size?: number }): void;
  /** A label on the left, the value (one or more lines) beside it. */
  field(label: string, value: string | string[]): void;
  space(points: number): void;
  save(): Promise<Uint8Array>;
}

const A4: [number, number] = [595.28, 841.89];
const margin = 56;
const labelWidth = 150;

function encodable(font: PDFFont, ch: string): boolean {
  try {
    font.encodeText(ch);
    return true;
  } catch {
    return false;
  }
}

/** Keeps what the font can draw; transliterates or replaces the rest. */
export function drawableText(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\t]/g, ' ')) {
    if (encodable(font, ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => encodable(font, c)) ? base : '?';
    }
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

export async function createLayout(meta: {
  title: string;
  subject: string;
  author: string;
  createdAt: Date;
}): Promise<Layout> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);
  doc.setLanguage('de-DE');
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - margin;
  const width = A4[0] - 2 * margin;
  const ink = rgb(0.1, 0.1, 0.1);

  function ensure(height: number) {
    if (y - height < margin) {
      page = doc.addPage(A4);
      y = A4[1] - margin;
    }
  }

  function lines(text: string, font: PDFFont, size: number, x: number, w: number) {
    const safe = drawableText(font, text);
    for (const line of wrap(font, size, safe, w)) {
      ensure(size * 1.4);
      page.drawText(line, { x, y: y - size, size, font, color: ink });
      y -= size * 1.4;
    }
  }

  return {
    doc,
    title(text) {
      lines(text, bold, 20, margin, width);
      y -= 8;
    },
    heading(text) {
      y -= 6;
      lines(text, bold, 12, margin, width);
      y -= 2;
    },
    paragraph(text, opts) {
      lines(text, opts?.bold ? bold : regular, opts?.size ?? 10.5, margin, width);
      y -= 6;
    },
    field(label, value) {
      const values = Array.isArray(value) ? value : [value];
      const top = y;
      lines(label, bold, 10.5, margin, labelWidth - 8);
      const afterLabel = y;
      y = top;
      for (const v of values) lines(v, regular, 10.5, margin + labelWidth, width - labelWidth);
      y = Math.min(y, afterLabel) - 4;
    },
    space(points) {
      y -= points;
    },
    save: () => doc.save({ useObjectStreams: false }),
  };
}
