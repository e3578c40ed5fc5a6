import * as fontkit from 'fontkit';
import { documentFonts } from './fonts';
import {
  encodeWithTemplate,
  templateOf,
  type SubsetTemplate,
  type TtfSubset,
} from './subsetEncoding';

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

/**
 * How many laid-out words a font keeps between documents. The texts of our documents repeat
 * (conditions, labels, the operator's letterhead); names, numbers and dates do not, so the cache
 * is bounded: when it is full, the next document starts a new one. A certificate and a policy lay
 * out ~320 words the first time and ~12 new ones per contract after that, so 4,000 renews the
 * regular font's cache about every 300 contracts, at the price of one document's words (20,000
 * held ~2,000 contracts' names and numbers, ~150 MB of the thread's heap; ADR 1497).
 */
export const wordsKept = 4_000;

let parsed: { regular: WithGlyphCache; bold: WithGlyphCache } | undefined;

/** pdfkit 0.20's laid-out words of one font in one document (EmbeddedFont#layoutCache). */
type LayoutCache = Record<string, unknown>;
const sharedLayouts = new WeakMap<object, { words: LayoutCache; laidOut: number }>();

/**
 * fontkit's text shaping (GSUB/GPOS lookups) was about 40 % of rendering a certificate, redone for
 * every word of every document: pdfkit keeps a font's laid-out words (scaled to 1000 units per
 * em) only per document. `shareLayouts` hands every document of this thread the same cache per
 * font instead (pdfkit copies the arrays of a cached run and never changes its positions). Each
 * word is laid out with an empty glyph cache of its own, so its glyphs carry only its own
 * characters (a fontkit glyph keeps the characters it was first made for, and pdfkit writes those
 * into the PDF's text map: a glyph shared with another text turned "Bürgschaft" into "ürgschaft"
 * for readers, parsedFonts.test.ts); the decoded tables and the font's glyph cache for drawing
 * stay.
 */
function withOwnGlyphsPerWord(font: WithGlyphCache): WithGlyphCache {
  const layout = font.layout.bind(font);
  const shared = { words: Object.create(null) as LayoutCache, laidOut: 0 };
  sharedLayouts.set(font, shared);
  font.layout = ((text: string, features?: unknown, ...rest: unknown[]) => {
    const drawing = font._glyphs;
    font._glyphs = {};
    try {
      shared.laidOut++;
      return new LaidOutWord(layout(text, features as string[], ...(rest as [])));
    } finally {
      font._glyphs = drawing;
    }
  }) as unknown as typeof font.layout;
  return font;
}

/**
 * A glyph's position with the advance width pdfkit adds to it (EmbeddedFont#layoutRun) already a
 * field of its own: added later, it made every position carry a separate property array.
 */
class ScaledPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth = 0;
  constructor(p: fontkit.GlyphPosition) {
    this.xAdvance = p.xAdvance;
    this.yAdvance = p.yAdvance;
    this.xOffset = p.xOffset;
    this.yOffset = p.yOffset;
  }
}

/**
 * Of a laid-out word, what pdfkit 0.20.2 reads (EmbeddedFont#layoutRun, #layout, #encode): each
 * glyph's id, advance width and characters, the positions (which pdfkit scales in place) and the
 * run's advance width. fontkit's GlyphRun keeps a whole glyph object per character (its font, its
 * metrics, its own cache) and the features and script: about 4 KB per word of the thread's shared
 * cache, which grew by ~64 KB per contract to ~150 MB of heap before it was renewed (names,
 * numbers and addresses are new words in every contract; issue 30).
 */
class LaidOutWord {
  readonly glyphs: { id: number; codePoints: number[]; advanceWidth: number }[];
  readonly positions: ScaledPosition[];
  constructor(run: fontkit.GlyphRun) {
    this.glyphs = run.glyphs.map((g) => ({
      id: g.id,
      codePoints: g.codePoints,
      advanceWidth: g.advanceWidth,
    }));
    this.positions = run.positions.map((p) => new ScaledPosition(p));
  }
  /** As fontkit's GlyphRun#advanceWidth: read after pdfkit has scaled the positions. */
  get advanceWidth(): number {
    let width = 0;
    for (const p of this.positions) width += p.xAdvance;
    return width;
  }
}

/**
 * Gives the document's current font (after `doc.font(...)`) the words this thread has laid out
 * in that font before; pdfkit 0.20.2 is pinned, and a font without a layout cache where this
 * expects it stops the document.
 */
export function shareLayouts(doc: PDFKit.PDFDocument): void {
  const embedded = (doc as unknown as { _font?: { font?: object; layoutCache?: LayoutCache } })
    ._font;
  const shared = embedded?.font && sharedLayouts.get(embedded.font);
  if (!embedded || !shared) return;
  if (typeof embedded.layoutCache !== 'object')
    throw new Error('pdfkit keeps no layoutCache where this module expects it (another version?)');
  if (shared.laidOut >= wordsKept) {
    shared.words = Object.create(null) as LayoutCache;
    shared.laidOut = 0;
  }
  embedded.layoutCache = shared.words;
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

/** How many encoded font subsets a font keeps (one per distinct list of glyphs). */
const subsetsKept = 64;

/**
 * Making a document's font subset (fontkit's TTFSubset#encode: the glyphs' outlines, their
 * metrics and the font's tables written anew with restructure) was about 6 % of a contract's
 * documents, and gives the same bytes for the same list of glyphs in the same order, which the
 * documents of one kind mostly share. Each subset answers its encoding from the font's last
 * `subsetsKept` ones by that list (pdfkit only reads the bytes).
 */
function keepEncodedSubsets(font: WithGlyphCache): void {
  const createSubset = font.createSubset.bind(font);
  const encoded = new Map<string, Uint8Array>();
  const quick = quickEncoder();
  font.createSubset = (() => {
    // fontkit 2.0.4's TTFSubset: the glyph ids in the order the document used them.
    const subset = createSubset() as unknown as TtfSubset;
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = encoded.get(key);
      if (bytes === undefined) {
        bytes = quick(subset, encode);
        if (encoded.size >= subsetsKept) encoded.delete(encoded.keys().next().value!);
        encoded.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  }) as unknown as typeof font.createSubset;
}

/** How many of a font's subsets are encoded both ways and compared before the quick way alone. */
const subsetsChecked = 3;

/**
 * A font's subsets written by `encodeWithTemplate` (subsetEncoding.ts) once fontkit has written one
 * (its tables that do not change are the template). The first `subsetsChecked` are also written by
 * fontkit and compared byte for byte; one difference and the font goes back to fontkit for good.
 */
function quickEncoder(): (subset: TtfSubset, encode: () => Uint8Array) => Uint8Array {
  let template: SubsetTemplate | undefined;
  let checked = 0;
  let off = false;
  return (subset, encode) => {
    if (off) return encode();
    if (!template) {
      const bytes = encode();
      template = templateOf(bytes);
      off = template === undefined;
      return bytes;
    }
    const bytes = encodeWithTemplate(subset, template);
    if (checked >= subsetsChecked) return bytes;
    const reference = encode();
    if (Buffer.compare(bytes, reference) !== 0) off = true;
    else checked++;
    return reference;
  };
}

function parse(buffer: Buffer): WithGlyphCache {
  const font = fontkit.create(buffer);
  // A .ttf holds one font; a collection (.ttc) would need a name to pick one.
  if (!('layout' in font)) throw new Error('the document font file is a font collection');
  const cache = (font as Partial<WithGlyphCache>)._glyphs;
  if (typeof cache !== 'object' || cache === null)
    throw new Error('fontkit keeps no glyph cache where this module expects it (another version?)');
  keepDecodedGlyphs(font as WithGlyphCache);
  keepEncodedSubsets(font as WithGlyphCache);
  return withOwnGlyphsPerWord(font as WithGlyphCache);
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
