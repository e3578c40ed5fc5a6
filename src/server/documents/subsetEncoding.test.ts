import { describe, expect, it } from 'vitest';
import { fontsForNewDocument } from './parsedFonts';
import { encodeWithTemplate, templateOf, type TtfSubset } from './subsetEncoding';

// The quick subset writer must give fontkit's bytes: for both fonts, many glyph lists (simple and
// composite glyphs, a few to 150, in scattered order), against fontkit's own TTFSubset#encode.
describe('font subsets written from a template', () => {
  it.each(['regular', 'bold'] as const)('are fontkit’s bytes (%s)', (name) => {
    const font = fontsForNewDocument()[name] as unknown as {
      numGlyphs: number;
      createSubset(): TtfSubset & { includeGlyph(gid: number): number };
    };
    const first = font.createSubset();
    for (let g = 1; g < 200; g += 3) first.includeGlyph(g);
    // The prototype's encode: parsedFonts.ts wraps each subset's own.
    const fontkitEncode = (s: TtfSubset) =>
      Buffer.from((Object.getPrototypeOf(s) as TtfSubset).encode.call(s));
    const template = templateOf(fontkitEncode(first));
    expect(template).toBeDefined();
    for (let k = 0; k < 120; k++) {
      const subset = font.createSubset();
      for (let j = 0; j < 5 + (k % 150); j++)
        subset.includeGlyph((k * 7919 + j * 104729) % font.numGlyphs);
      const quick = encodeWithTemplate(subset, template!);
      expect(quick.equals(fontkitEncode(subset))).toBe(true);
    }
  });
});
