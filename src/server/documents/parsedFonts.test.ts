import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { certificatePdf, type CertificateData } from './certificate';
import { documentFonts } from './fonts';
import { fontsForNewDocument, wordsKept } from './parsedFonts';
import { pdfText } from './testing/pdfText';

const at = new Date('2026-03-02T10:00:00Z');

/** A small document in the two fonts, given as files (Buffers) or as the parsed fonts. */
function sample(fonts: { regular: unknown; bold: unknown }, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ info: { CreationDate: at, ModDate: at } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((ok) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => ok(Buffer.concat(chunks)));
  });
  doc.registerFont('R', fonts.regular as Buffer);
  doc.registerFont('B', fonts.bold as Buffer);
  for (const line of lines) doc.font('R').text(line).font('B').text(line.toUpperCase());
  doc.end();
  return done;
}

const certificate = (tenant: string, number: string) =>
  certificatePdf({
    contractNumber: number,
    tenants: [tenant],
    landlord: 'Hausverwaltung Größe & Söhne GmbH',
    landlordAddress: 'Am Anger 1, 04109 Leipzig',
    objectAddress: 'Kölner Straße 12, 50667 Köln',
    deposit: 1500,
    issuedAt: at,
    verification: { url: 'https://antrag.example/pruefen/abc' },
  } satisfies CertificateData);

/** Records every text the fonts shape (lay out anew) until `restore()`. */
function recordShaping(fonts: Font[]): { shaped: string[]; restore: () => void } {
  const shaped: string[] = [];
  const restores = fonts.map((font) => {
    const layout = font.layout;
    font.layout = ((text: string, ...rest: []) => {
      shaped.push(text);
      return layout.call(font, text, ...rest);
    }) as typeof font.layout;
    return () => (font.layout = layout);
  });
  return { shaped, restore: () => restores.forEach((r) => r()) };
}

describe('fonts parsed once per thread (issue 30)', () => {
  it('are parsed once: every call answers the same font objects', () => {
    const a = fontsForNewDocument();
    expect(fontsForNewDocument()).toBe(a);
    expect(a.regular.postscriptName).toBe('DejaVuSans');
    expect(a.bold.postscriptName).toBe('DejaVuSans-Bold');
  });

  it('give byte for byte the PDF that the font files give', async () => {
    const lines = ['Jürgen Weiß, Kölner Straße 12', 'Zoë Öztürk · Ελένη · Светлана', '2.345,50 €'];
    const fromFiles = await sample(documentFonts(), lines);
    expect(await sample(fontsForNewDocument(), lines)).toEqual(fromFiles);
    // Again, now that the shared fonts have laid out (and cached) these glyphs.
    expect(await sample(fontsForNewDocument(), lines)).toEqual(fromFiles);
  });

  it('keep each document its own: glyphs made for another document change no text', async () => {
    // "ü" is drawn as "u" plus a mark, Cyrillic "В" and Latin "B" are one glyph in DejaVu: a
    // glyph cache shared between documents wrote the first document's characters into the next
    // one's text map ("Bürgschaft" read as "ürgschaft", "Mustermann" as "M stermann").
    const other = await certificate(
      'Светлана Иванова, Ελένη Παπαδοπούλου, Jürgen Müller',
      'MK-2026-987654',
    );
    expect(await pdfText(other)).toContain('Светлана Иванова, Ελένη Παπαδοπούλου, Jürgen Müller');
    const first = await certificate('Max Mustermann', 'MK-2026-000001');
    const text = await pdfText(first);
    for (const phrase of ['Max Mustermann', 'Bürgschaftsurkunde', 'OPERATOR_STREET', 'Mietkaution'])
      expect(text).toContain(phrase);
    await certificate('Зоя Öztürk', 'MK-2026-555555');
    expect(await certificate('Max Mustermann', 'MK-2026-000001')).toEqual(first);
  });

  it('lay out each word once per thread: the same certificate again shapes no word anew', async () => {
    const fonts = fontsForNewDocument();
    const first = await certificate('Erika Musterfrau', 'MK-2026-000777');
    const { shaped, restore } = recordShaping([fonts.regular, fonts.bold]);
    try {
      expect(await certificate('Erika Musterfrau', 'MK-2026-000777')).toEqual(first);
    } finally {
      restore();
    }
    expect(shaped).toEqual([]);
  });

  it('renew a full cache of words, and the documents stay byte for byte the same', async () => {
    const fonts = fontsForNewDocument();
    const first = await certificate('Erika Musterfrau', 'MK-2026-000778');
    // As many new words as the cache holds (a thread's names and numbers over ~300 contracts).
    for (let i = 0; i < wordsKept; i++) fonts.regular.layout(`Wort${i} `);
    const { shaped, restore } = recordShaping([fonts.regular]);
    try {
      expect(await certificate('Erika Musterfrau', 'MK-2026-000778')).toEqual(first);
    } finally {
      restore();
    }
    // The certificate's words were shaped again in the new cache, the old words are gone.
    expect(shaped).toContain('Hausverwaltung ');
    expect(shaped.length).toBeGreaterThan(100);
  });
});
