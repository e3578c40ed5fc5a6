import * as fontkit from 'fontkit';
import { documentFonts } from './fonts';

/**
 * The document fonts parsed by fontkit once per thread. Given the font files as Buffers, pdfkit
 * has fontkit parse them again for every PDF, and fontkit decodes a font's tables (cmap, metrics,
 * GSUB/GPOS) lazily into that font object: a fresh object per PDF decoded them every time (about
 * 80 % of laying out a certificate, issue 30). pdfkit accepts a parsed font (anything with
 * `layout`) and makes a subset of its own per document. Module state, so each worker thread has
 * its own.
 */
export interface ParsedFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

/** fontkit 2.0.4's glyph cache (TTFFont#_glyphs): pinned version, checked when parsed. */
type WithGlyphCache = fontkit.Font & { _glyphs: Record<number, unknown> };

let parsed: { regular: WithGlyphCache; bold: WithGlyphCache } | undefined;

function parse(buffer: Buffer): WithGlyphCache {
  const font = fontkit.create(buffer);
  // A .ttf holds one font; a collection (.ttc) would need a name to pick one.
  if (!('layout' in font)) throw new Error('the document font file is a font collection');
  const cache = (font as Partial<WithGlyphCache>)._glyphs;
  if (typeof cache !== 'object' || cache === null)
    throw new Error('fontkit keeps no glyph cache where this module expects it (another version?)');
  return font as WithGlyphCache;
}

/**
 * The parsed fonts for one new document, their glyph cache emptied: a fontkit glyph keeps the
 * characters it was first made for and pdfkit writes those into the PDF's text map, so a glyph
 * made for "ü" (drawn as "u" plus a mark) in one document must not turn the next document's "u"
 * into "ü" for readers, search and copy (parsedFonts.test.ts). The tables stay decoded, which is
 * the expensive part. A document uses the fonts synchronously from createLayout() to its end()
 * (pdfkit embeds the subsets in doc.end()), so two documents never share a glyph cache.
 */
export function fontsForNewDocument(): ParsedFonts {
  if (!parsed) {
    const files = documentFonts();
    parsed = { regular: parse(files.regular), bold: parse(files.bold) };
  }
  parsed.regular._glyphs = {};
  parsed.bold._glyphs = {};
  return parsed;
}
