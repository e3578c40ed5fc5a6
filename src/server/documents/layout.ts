import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fontsForNewDocument, shareLayouts } from './parsedFonts';
import { documentTexts } from '../texts/documents';
import { drawSpecimenMark } from './specimen';
import { deflateRepeatedStreams } from './repeatedStreams';

/**
 * A small flowing layout on pdfkit that writes tagged, accessible PDFs (PDF 1.7, structure tree,
 * language de-DE, title shown in the window bar): every block is a structure element (H1, H2, P,
 * L/LI, Table/TR/TH/TD, Figure with alternative text) in reading order; letterhead lines and page
 * footers are artifacts. Text is real, extractable text in DejaVu Sans (Latin, Greek, Cyrillic).
 */
export type Inline = string | { bold: string };

export interface DocumentMeta {
  title: string;
  subject: string;
  author: string;
  createdAt: Date;
  keywords?: string;
}

interface FieldRow {
  label: string;
  value: string | string[];
}

export interface Layout {
  /** A sandbox specimen (ADR 1130): every page carries the "MUSTER – keine Bürgschaft" mark. */
  readonly specimen: boolean;
  /** A small line above the title (sender); an artifact, as on letter paper. */
  letterhead(text: string): void;
  title(text: string): void;
  heading(text: string, level?: 2 | 3): void;
  paragraph(text: string | Inline[], opts?: { bold?: boolean; size?: number }): void;
  list(items: Array<string | Inline[]>): void;
  /** Label/value rows as a two-column table (row headers), e.g. the parties of a contract. */
  fields(rows: FieldRow[]): void;
  /** A QR code drawn as vector squares, with text beside it; alt describes it for screen readers. */
  qr(data: string, alt: string, beside: Inline[][]): void;
  space(points: number): void;
  /** Continue on a new page (one letter per page in the back office's letter batch). */
  pageBreak(): void;
  end(): Promise<Buffer>;
}

const A4: [number, number] = [595.28, 841.89];
const margin = 56;
const bottom = 72;
const labelWidth = 150;
const body = 10.5;
const ink = '#1a1a1a';
/** A number in a content stream as pdfkit 0.20 writes it (PDFObject.number: six decimals). */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

export function createLayout(
  meta: DocumentMeta,
  opts?: { footer?: string; specimen?: boolean },
): Layout {
  const fonts = fontsForNewDocument();
  const doc = new PDFDocument({
    size: A4,
    margins: { top: margin, left: margin, right: margin, bottom },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'de-DE',
    displayTitle: true,
    bufferPages: true,
    // No default font: pdfkit would parse its Helvetica metrics (AFM) for every document only for
    // `doc.font('Regular')` below to replace it (about 3 % of a certificate's render, issue 30).
    // pdfkit's types know only a font name; null skips the default (`if (defaultFont)`).
    font: null as unknown as string,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Author: meta.author,
      Creator: meta.author,
      Producer: meta.author,
      Keywords: meta.keywords ?? meta.subject,
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
  deflateRepeatedStreams(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Parsed once per thread (parsedFonts.ts); pdfkit's types name only files and Buffers.
  doc.registerFont('Regular', fonts.regular as unknown as Buffer);
  doc.registerFont('Bold', fonts.bold as unknown as Buffer);
  // Every font this document opens lays out with the words the thread's documents laid out before.
  const openFont = doc.font.bind(doc);
  doc.font = ((...args: Parameters<typeof doc.font>) => {
    openFont(...args);
    shareLayouts(doc);
    return doc;
  }) as typeof doc.font;
  doc.font('Regular').fontSize(body).fillColor(ink);
  const width = A4[0] - 2 * margin;
  const root = doc.struct('Document');
  doc.addStructure(root);

  const clean = (s: string) => s.replace(/[\r\t]/g, ' ');

  function runs(parts: Inline[], size: number, boldDefault: boolean, x: number, w: number) {
    const list = parts.filter((p) => (typeof p === 'string' ? p : p.bold) !== '');
    if (list.length === 0) list.push('');
    list.forEach((p, i) => {
      const bold = typeof p !== 'string' || boldDefault;
      doc.font(bold ? 'Bold' : 'Regular').fontSize(size);
      const text = clean(typeof p === 'string' ? p : p.bold);
      const continued = i < list.length - 1;
      if (i === 0) doc.text(text, x, doc.y, { width: w, continued, lineGap: size * 0.3 });
      else doc.text(text, { continued, lineGap: size * 0.3 });
    });
    doc.font('Regular').fontSize(body);
  }

  /** Starts a new page when less than `height` points are left, so a block stays together. */
  function keep(height: number) {
    if (doc.y + height > A4[1] - bottom) doc.addPage();
  }

  // pdfkit's types lack the children-only overload and the table scope option it supports.
  type StructOptions = Record<string, unknown>;
  const struct = (type: string, options: StructOptions, children: Array<() => void>) =>
    doc.struct(type, options as PDFKit.Mixins.StructureElementOptions, children);

  function block(type: string, draw: () => void, options: StructOptions = {}) {
    root.add(struct(type, options, [() => draw()]));
  }

  return {
    specimen: opts?.specimen === true,
    letterhead(text) {
      doc.markContent('Artifact', { type: 'Layout' });
      doc.font('Regular').fontSize(8.5).fillColor('#444444');
      doc.text(clean(text), margin, doc.y, { width });
      doc.fillColor(ink).fontSize(body);
      doc.endMarkedContent();
      doc.moveDown(1.2);
    },
    title(text) {
      keep(40);
      block('H1', () => runs([text], 19, true, margin, width));
      doc.moveDown(0.5);
    },
    heading(text, level = 2) {
      const size = level === 2 ? 13 : 11.5;
      doc.moveDown(0.5);
      keep(size * 4);
      block(`H${level}`, () => runs([text], size, true, margin, width));
      doc.moveDown(0.25);
    },
    paragraph(text, o) {
      const size = o?.size ?? body;
      keep(size * 2.6);
      block('P', () =>
        runs(typeof text === 'string' ? [text] : text, size, !!o?.bold, margin, width),
      );
      doc.moveDown(0.5);
    },
    list(items) {
      const list = doc.struct('L');
      root.add(list);
      for (const item of items) {
        keep(body * 2.6);
        const y = doc.y;
        const li = doc.struct('LI');
        list.add(li);
        li.add(
          struct('Lbl', {}, [
            () => {
              doc
                .font('Regular')
                .fontSize(body)
                .text('•', margin + 4, y, { width: 12 });
            },
          ]),
        );
        doc.y = y;
        li.add(
          struct('LBody', {}, [
            () =>
              runs(typeof item === 'string' ? [item] : item, body, false, margin + 18, width - 18),
          ]),
        );
        li.end();
        doc.moveDown(0.2);
      }
      list.end();
      doc.moveDown(0.3);
    },
    fields(rows) {
      const table = doc.struct('Table');
      root.add(table);
      for (const row of rows) {
        const values = Array.isArray(row.value) ? row.value : [row.value];
        const valueText = values.map(clean).join('\n');
        doc.font('Regular').fontSize(body);
        const h = Math.max(
          doc.heightOfString(valueText, { width: width - labelWidth, lineGap: body * 0.3 }),
          doc.font('Bold').heightOfString(row.label, { width: labelWidth - 8 }),
        );
        keep(h + 4);
        const top = doc.y;
        const tr = doc.struct('TR');
        table.add(tr);
        tr.add(
          struct('TH', { scope: 'Row' }, [
            () => runs([{ bold: row.label }], body, true, margin, labelWidth - 8),
          ]),
        );
        const afterLabel = doc.y;
        doc.y = top;
        tr.add(
          struct('TD', {}, [
            () => runs([valueText], body, false, margin + labelWidth, width - labelWidth),
          ]),
        );
        tr.end();
        doc.y = Math.max(doc.y, afterLabel) + 4;
      }
      table.end();
      doc.x = margin;
      doc.moveDown(0.4);
    },
    qr(data, alt, beside) {
      const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
      const n = qr.modules.size;
      const side = 96;
      const cell = side / (n + 2);
      keep(side + 8);
      const top = doc.y;
      block(
        'Figure',
        () => {
          doc.save();
          doc.rect(margin, top, side, side).fill('#ffffff');
          // The dark modules as `doc.rect` writes them (six decimals, one line each), in one
          // write: hundreds of rects were a quarter of a certificate's drawing (issue 30).
          const rects: string[] = [];
          for (let r = 0; r < n; r++)
            for (let c = 0; c < n; c++)
              if (qr.modules.get(r, c))
                rects.push(
                  `${pdfNumber(margin + (c + 1) * cell)} ${pdfNumber(top + (r + 1) * cell)} ${pdfNumber(cell)} ${pdfNumber(cell)} re`,
                );
          if (rects.length) doc.addContent(rects.join('\n'));
          doc.fill('#000000');
          doc.restore();
        },
        { alt, bbox: [margin, top, margin + side, top + side], placement: 'Block' },
      );
      doc.y = top + 4;
      for (const line of beside) {
        block('P', () => runs(line, body, false, margin + side + 16, width - side - 16));
        doc.moveDown(0.3);
      }
      doc.y = Math.max(doc.y, top + side) + 8;
      doc.x = margin;
    },
    space(points) {
      doc.y += points;
    },
    pageBreak() {
      doc.addPage();
    },
    end() {
      root.end();
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Writing into the bottom margin must not start a new page.
        const saved = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc.markContent('Artifact', { type: 'Pagination' });
        doc.font('Regular').fontSize(8).fillColor('#444444');
        const pageLine = documentTexts.pageLine(meta.title, i + 1, range.count);
        const lines = [opts?.footer, pageLine].filter(Boolean).join('\n');
        doc.text(lines, margin, A4[1] - bottom + 18, { width, align: 'left', lineGap: 2 });
        doc.endMarkedContent();
        if (opts?.specimen) drawSpecimenMark(doc, { width: A4[0], height: A4[1], margin });
        doc.page.margins.bottom = saved;
      }
      doc.end();
      return done;
    },
  };
}
