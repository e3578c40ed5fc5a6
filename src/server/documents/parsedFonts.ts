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

/** What pdfkit reads of a laid-out run: the glyphs, their positions and the run's width. */
interface Run {
  glyphs: fontkit.Glyph[];
  positions: fontkit.GlyphPosition[];
  readonly advanceWidth: number;
}

/**
 * How many laid-out words a font keeps between documents. The texts of our documents repeat
 * (conditions, labels, the operator's letterhead); names, numbers and dates do not, so the cache
 * is bounded and forgets the oldest word first.
 */
const wordsKept = 20_000;

let parsed: { regular: WithGlyphCache; bold: WithGlyphCache } | undefined;

/**
 * fontkit's text shaping (GSUB/GPOS lookups) was about 40 % of rendering a certificate, redone for
 * every word of every document: pdfkit caches runs only per document. Here a font keeps its runs
 * between documents. Each word is laid out with an empty glyph cache of its own, so its glyphs
 * carry only its own characters (a fontkit glyph keeps the characters it was first made for, and
 * pdfkit writes those into the PDF's text map: a glyph shared with another text turned
 * "Bürgschaft" into "ürgschaft" for readers, parsedFonts.test.ts); the decoded tables and the
 * font's glyph cache for drawing stay. pdfkit scales a run's positions in place, so every call
 * gets its own copies.
 */
function withRunCache(font: WithGlyphCache): WithGlyphCache {
  const layout = font.layout.bind(font);
  const runs = new Map<string, { glyphs: fontkit.Glyph[]; positions: fontkit.GlyphPosition[] }>();
  const copy = (r: { glyphs: fontkit.Glyph[]; positions: fontkit.GlyphPosition[] }): Run => {
    const positions = r.positions.map((p) => ({ ...p }));
    return {
      glyphs: r.glyphs,
      positions,
      get advanceWidth() {
        let w = 0;
        for (const p of positions) w += p.xAdvance;
        return w;
      },
    };
  };
  font.layout = ((text: string, features?: unknown, ...rest: unknown[]) => {
    if (rest.length) return layout(text, features as string[], ...(rest as []));
    const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
    const hit = runs.get(key);
    if (hit) return copy(hit);
    const drawing = font._glyphs;
    font._glyphs = {};
    let run: fontkit.GlyphRun;
    try {
      run = layout(text, features as string[]);
    } finally {
      font._glyphs = drawing;
    }
    const kept = {
      glyphs: run.glyphs,
      positions: run.positions.map((p) => ({ ...p })) as fontkit.GlyphPosition[],
    };
    if (runs.size >= wordsKept) runs.delete(runs.keys().next().value!);
    runs.set(key, kept);
    return copy(kept);
  }) as unknown as typeof font.layout;
  return font;
}

/**
 * Making a document's font subset decodes every glyph it uses (TTFSubset#_addGlyph calls
 * `glyph._decode()` only to learn whether the glyph is composite), once per document: about 10 %
 * of a certificate. A glyph's outline never changes in a font without variations (DejaVu), so
 * each glyph object keeps what it decoded the first time.
 */
function keepDecodedGlyphs(font: WithGlyphCache): void {
  if (font.variationAxes && Object.keys(font.variationAxes).length > 0) return;
  const proto = Object.getPrototypeOf(font.getGlyph(0)) as {
    _decode?: (this: object) => unknown;
    __decodeKept?: true;
  };
  if (typeof proto._decode !== 'function')
    throw new Error(
      'fontkit glyphs have no _decode where this module expects it (another version?)',
    );
  if (proto.__decodeKept) return;
  const decode = proto._decode;
  const kept = new WeakMap<object, unknown>();
  proto._decode = function (this: object) {
    if (!kept.has(this)) kept.set(this, decode.call(this));
    return kept.get(this);
  };
  proto.__decodeKept = true;
}

function parse(buffer: Buffer): WithGlyphCache {
  const font = fontkit.create(buffer);
  // A .ttf holds one font; a collection (.ttc) would need a name to pick one.
  if (!('layout' in font)) throw new Error('the document font file is a font collection');
  const cache = (font as Partial<WithGlyphCache>)._glyphs;
  if (typeof cache !== 'object' || cache === null)
    throw new Error('fontkit keeps no glyph cache where this module expects it (another version?)');
  keepDecodedGlyphs(font as WithGlyphCache);
  return withRunCache(font as WithGlyphCache);
}

/**
 * The parsed fonts for one new document. A document uses the fonts synchronously from
 * createLayout() to its end() (pdfkit embeds the subsets in doc.end()).
 */
export function fontsForNewDocument(): ParsedFonts {
  if (!parsed) {
    const files = documentFonts();
    parsed = { regular: parse(files.regular), bold: parse(files.bold) };
  }
  return parsed;
}
