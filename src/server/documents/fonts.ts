import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * DejaVu Sans (npm dejavu-fonts-ttf, read from node_modules, never downloaded): Latin with all
 * its extensions, Greek and Cyrillic, so every name the domain's script rule admits is drawn as
 * typed. pdfkit embeds only the glyphs a document uses (subset), about 20-40 KB per document.
 */
const require = createRequire(import.meta.url);

let cache: { regular: Buffer; bold: Buffer } | undefined;

export function documentFonts(): { regular: Buffer; bold: Buffer } {
  cache ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return cache;
}
