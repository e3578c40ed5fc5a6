import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { documentCharacterRanges, unsupportedCharacters } from '../../domain/rules/script';
import { documentFonts } from './fonts';

describe('the embedded font shows every character the name rule admits', () => {
  it.each(['regular', 'bold'] as const)('DejaVu Sans %s', (weight) => {
    const font = fontkit.create(documentFonts()[weight]) as unknown as {
      hasGlyphForCodePoint(cp: number): boolean;
    };
    const missing: string[] = [];
    let checked = 0;
    for (const [from, to] of documentCharacterRanges) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        if (unsupportedCharacters(ch).length > 0) continue; // unassigned or control
        checked++;
        if (!font.hasGlyphForCodePoint(cp)) missing.push(`U+${cp.toString(16).padStart(4, '0')}`);
      }
    }
    expect(checked).toBeGreaterThan(1500);
    expect(missing).toEqual([]);
  });
});
