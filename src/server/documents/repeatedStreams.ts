import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** pdfkit 0.20.2's PDFReference (pinned): the parts this module reads and sets. */
interface PdfkitReference {
  compress: boolean;
  buffer: Uint8Array[];
  finalize(): void;
}

/** Streams shorter than this are not worth a hash (small dictionaries' streams, the CIDSet). */
const minBytes = 512;
/** How many deflated streams the thread keeps (font subsets and their text maps, ~5-60 KB). */
const streamsKept = 64;
const deflated = new Map<string, { input: Buffer; output: Buffer }>();

function deflateKept(input: Buffer): Buffer {
  const key = createHash('sha1').update(input).digest('base64');
  const hit = deflated.get(key);
  if (hit && hit.input.equals(input)) return hit.output;
  // What pdfkit does (zlib's defaults), so the bytes are the same as without this module.
  const output = deflateSync(input);
  if (deflated.size >= streamsKept) deflated.delete(deflated.keys().next().value!);
  deflated.set(key, { input, output });
  return output;
}

/**
 * A document's font subsets and their text maps (ToUnicode) are mostly the same bytes as in an
 * earlier document of the thread (parsedFonts.ts keeps the encoded subsets), and pdfkit deflated
 * them anew every time: about 8 % of a contract's documents (issue 30). Every stream of this
 * document is deflated once per distinct content; the thread keeps the last `streamsKept`
 * (compared byte for byte, the key is only a hash). pdfkit writes a stream it finds already
 * filtered as it is, so the PDF's bytes do not change.
 */
export function deflateRepeatedStreams(doc: PDFKit.PDFDocument): void {
  const ref = doc.ref.bind(doc);
  doc.ref = ((data: Record<string, unknown>) => {
    const r = ref(data) as unknown as PdfkitReference;
    if (typeof r.finalize !== 'function' || !Array.isArray(r.buffer))
      throw new Error(
        'pdfkit references are not where this module expects them (another version?)',
      );
    const finalize = r.finalize.bind(r);
    r.finalize = () => {
      if (r.compress && r.buffer.length > 0) {
        const input = Buffer.concat(r.buffer);
        if (input.length >= minBytes) {
          r.buffer = [deflateKept(input)];
          // pdfkit set /Filter /FlateDecode when the stream was written; it only must not deflate.
          r.compress = false;
        }
      }
      finalize();
    };
    return r;
  }) as unknown as typeof doc.ref;
}
