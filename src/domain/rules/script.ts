/**
 * Which characters our documents can show: the scripts of the embedded font (DejaVu Sans) that a
 * name or address in Europe needs, i.e. Latin with its extensions (incl. Vietnamese), Greek and
 * Cyrillic, combining accents, and the usual punctuation. Everything else (Arabic, Hebrew, CJK,
 * emoji, ...) is refused on the field, so no certificate names a person with "?" or boxes (ADR 0901).
 * A server test checks that the font has a glyph for every letter admitted here.
 */
export const documentCharacterRanges: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin (printable)
  [0x00a0, 0x024f], // Latin-1 Supplement, Latin Extended-A and -B
  [0x0300, 0x034f], // combining diacritical marks (the rarer medieval ones above are not in the font)
  [0x0370, 0x03ff], // Greek and Coptic
  [0x0400, 0x0525], // Cyrillic and Cyrillic Supplement (up to what the font has)
  [0x1e00, 0x1efb], // Latin Extended Additional (Vietnamese, Welsh, ...)
  [0x1f00, 0x1fff], // Greek Extended (polytonic)
  [0x2010, 0x2027], // dashes, quotation marks, bullet, ellipsis
  [0x20ac, 0x20ac], // euro sign
];

const allowed = (cp: number) =>
  documentCharacterRanges.some(([from, to]) => cp >= from && cp <= to) &&
  // Unassigned code points inside the ranges and control characters are not letters anyone types.
  /[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]/u.test(String.fromCodePoint(cp));

/** The distinct characters of `text` the documents cannot show, in order of appearance. */
export function unsupportedCharacters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!allowed(cp) && !out.includes(ch)) out.push(ch);
  }
  return out;
}
