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

/**
 * The dark modules of a QR code as `doc.rect` writes them (six decimals, one line each), in one
 * write: hundreds of rects were a quarter of a certificate's drawing (issue 30). A function of
 * the module, not a closure of the document: V8 optimises a closure made anew for every document
 * anew (~5 ms of compiling per certificate in a burst), a module's function once per thread.
 */
function qrRects(
  modules: { size: number; get(r: number, c: number): number | boolean },
  x: number,
  y: number,
  cell: number,
): string {
  const n = modules.size;
  const size = pdfNumber(cell);
  const rects: string[] = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (modules.get(r, c))
        rects.push(
          `${pdfNumber(x + (c + 1) * cell)} ${pdfNumber(y + (r + 1) * cell)} ${size} ${size} re`,
        );
  return rects.join('\n');
}

type LayoutOptions = { footer?: string; specimen?: boolean };
// pdfkit's types lack the children-only overload and the table scope option it supports.
type StructOptions = Record<string, unknown>;

const clean = (s: string) => s.replace(/[\r\t]/g, ' ');

export function createLayout(meta: DocumentMeta, opts?: LayoutOptions): Layout {
  return new PdfLayout(meta, opts);
}

/**
 * One document. A class, not an object of closures made in createLayout: V8 optimises a closure
 * made anew for every document anew, after every full GC that dropped the last one's code (ADR
 * 1496); a class's methods are one function each per thread, optimised once.
 */
class PdfLayout implements Layout {
  readonly specimen: boolean;
  private readonly doc: PDFKit.PDFDocument;
  private readonly root: PDFKit.PDFStructureElement;
  private readonly done: Promise<Buffer>;
  private readonly width = A4[0] - 2 * margin;

  constructor(
    private readonly meta: DocumentMeta,
    private readonly opts: LayoutOptions | undefined,
  ) {
    this.specimen = opts?.specimen === true;
    const fonts = fontsForNewDocument();
    const doc = new PDFDocument({
      size: A4,
      margins: { top: margin, left: margin, right: margin, bottom },
      pdfVersion: '1.7',
      tagged: true,
      lang: 'de-DE',
      displayTitle: true,
      bufferPages: true,
      // No default font: pdfkit would parse its Helvetica metrics (AFM) for every document only
      // for `doc.font('Regular')` below to replace it (about 3 % of a certificate's render, issue
      // 30). pdfkit's types know only a font name; null skips the default (`if (defaultFont)`).
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
    this.doc = doc;
    deflateRepeatedStreams(doc);
    const chunks: Buffer[] = [];
    this.done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    // Parsed once per thread (parsedFonts.ts); pdfkit's types name only files and Buffers.
    doc.registerFont('Regular', fonts.regular as unknown as Buffer);
    doc.registerFont('Bold', fonts.bold as unknown as Buffer);
    // Every font this document opens lays out with the words the thread's documents laid out
    // before.
    const openFont = doc.font.bind(doc);
    doc.font = ((...args: Parameters<typeof doc.font>) => {
      openFont(...args);
      shareLayouts(doc);
      return doc;
    }) as typeof doc.font;
    doc.font('Regular').fontSize(body).fillColor(ink);
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  private runs(parts: Inline[], size: number, boldDefault: boolean, x: number, w: number) {
    const doc = this.doc;
    const list = parts.filter((p) => (typeof p === 'string' ? p : p.bold) !== '');
    if (list.length === 0) list.push('');
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      const bold = typeof p !== 'string' || boldDefault;
      doc.font(bold ? 'Bold' : 'Regular').fontSize(size);
      const text = clean(typeof p === 'string' ? p : p.bold);
      const continued = i < list.length - 1;
      if (i === 0) doc.text(text, x, doc.y, { width: w, continued, lineGap: size * 0.3 });
      else doc.text(text, { continued, lineGap: size * 0.3 });
    }
    doc.font('Regular').fontSize(body);
  }

  /** Starts a new page when less than `height` points are left, so a block stays together. */
  private keep(height: number) {
    if (this.doc.y + height > A4[1] - bottom) this.doc.addPage();
  }

  private struct(type: string, options: StructOptions, children: Array<() => void>) {
    return this.doc.struct(type, options as PDFKit.Mixins.StructureElementOptions, children);
  }

  private block(type: string, draw: () => void, options: StructOptions = {}) {
    this.root.add(this.struct(type, options, [draw]));
  }

  letterhead(text: string) {
    const doc = this.doc;
    doc.markContent('Artifact', { type: 'Layout' });
    doc.font('Regular').fontSize(8.5).fillColor('#444444');
    doc.text(clean(text), margin, doc.y, { width: this.width });
    doc.fillColor(ink).fontSize(body);
    doc.endMarkedContent();
    doc.moveDown(1.2);
  }

  title(text: string) {
    this.keep(40);
    this.block('H1', () => this.runs([text], 19, true, margin, this.width));
    this.doc.moveDown(0.5);
  }

  heading(text: string, level: 2 | 3 = 2) {
    const size = level === 2 ? 13 : 11.5;
    this.doc.moveDown(0.5);
    this.keep(size * 4);
    this.block(`H${level}`, () => this.runs([text], size, true, margin, this.width));
    this.doc.moveDown(0.25);
  }

  paragraph(text: string | Inline[], o?: { bold?: boolean; size?: number }) {
    const size = o?.size ?? body;
    this.keep(size * 2.6);
    this.block('P', () =>
      this.runs(typeof text === 'string' ? [text] : text, size, !!o?.bold, margin, this.width),
    );
    this.doc.moveDown(0.5);
  }

  list(items: Array<string | Inline[]>) {
    const doc = this.doc;
    const list = doc.struct('L');
    this.root.add(list);
    for (const item of items) {
      this.keep(body * 2.6);
      const y = doc.y;
      const li = doc.struct('LI');
      list.add(li);
      li.add(
        this.struct('Lbl', {}, [
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
        this.struct('LBody', {}, [
          () =>
            this.runs(
              typeof item === 'string' ? [item] : item,
              body,
              false,
              margin + 18,
              this.width - 18,
            ),
        ]),
      );
      li.end();
      doc.moveDown(0.2);
    }
    list.end();
    doc.moveDown(0.3);
  }

  fields(rows: FieldRow[]) {
    const doc = this.doc;
    const width = this.width;
    const table = doc.struct('Table');
    this.root.add(table);
    for (const row of rows) {
      const values = Array.isArray(row.value) ? row.value : [row.value];
      const valueText = values.map(clean).join('\n');
      doc.font('Regular').fontSize(body);
      const h = Math.max(
        doc.heightOfString(valueText, { width: width - labelWidth, lineGap: body * 0.3 }),
        doc.font('Bold').heightOfString(row.label, { width: labelWidth - 8 }),
      );
      this.keep(h + 4);
      const top = doc.y;
      const tr = doc.struct('TR');
      table.add(tr);
      tr.add(
        this.struct('TH', { scope: 'Row' }, [
          () => this.runs([{ bold: row.label }], body, true, margin, labelWidth - 8),
        ]),
      );
      const afterLabel = doc.y;
      doc.y = top;
      tr.add(
        this.struct('TD', {}, [
          () => this.runs([valueText], body, false, margin + labelWidth, width - labelWidth),
        ]),
      );
      tr.end();
      doc.y = Math.max(doc.y, afterLabel) + 4;
    }
    table.end();
    doc.x = margin;
    doc.moveDown(0.4);
  }

  qr(data: string, alt: string, beside: Inline[][]) {
    const doc = this.doc;
    const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
    const side = 96;
    const cell = side / (qr.modules.size + 2);
    this.keep(side + 8);
    const top = doc.y;
    this.block(
      'Figure',
      () => {
        doc.save();
        doc.rect(margin, top, side, side).fill('#ffffff');
        const rects = qrRects(qr.modules, margin, top, cell);
        if (rects) doc.addContent(rects);
        doc.fill('#000000');
        doc.restore();
      },
      { alt, bbox: [margin, top, margin + side, top + side], placement: 'Block' },
    );
    doc.y = top + 4;
    for (const line of beside) {
      this.block('P', () =>
        this.runs(line, body, false, margin + side + 16, this.width - side - 16),
      );
      doc.moveDown(0.3);
    }
    doc.y = Math.max(doc.y, top + side) + 8;
    doc.x = margin;
  }

  space(points: number) {
    this.doc.y += points;
  }

  pageBreak() {
    this.doc.addPage();
  }

  end() {
    const doc = this.doc;
    this.root.end();
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing into the bottom margin must not start a new page.
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.markContent('Artifact', { type: 'Pagination' });
      doc.font('Regular').fontSize(8).fillColor('#444444');
      const pageLine = documentTexts.pageLine(this.meta.title, i + 1, range.count);
      const lines = [this.opts?.footer, pageLine].filter(Boolean).join('\n');
      doc.text(lines, margin, A4[1] - bottom + 18, {
        width: this.width,
        align: 'left',
        lineGap: 2,
      });
      doc.endMarkedContent();
      if (this.opts?.specimen) drawSpecimenMark(doc, { width: A4[0], height: A4[1], margin });
      doc.page.margins.bottom = saved;
    }
    doc.end();
    return this.done;
  }
}
