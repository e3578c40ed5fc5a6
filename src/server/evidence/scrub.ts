import type SharpModule from 'sharp';
import type { EvidenceMime } from '../../domain/evidence/rules';

type Sharp = typeof SharpModule;
let loaded: Promise<Sharp> | undefined;
/**
 * sharp and its native libvips, loaded at the first photo (ADR 1335): they cost every start
 * memory and time, and only evidence uploads use them. A failed load is tried again next time.
 */
export function sharpLoaded(): Promise<Sharp> {
  const loading = (loaded ??= import('sharp').then(
    ({ default: sharp }) => {
      // libvips keeps decoded images in a cache and runs a thread per core by default; an upload
      // is decoded once, and the machine is shared with the database and the PDF thread.
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (err: unknown) => {
      loaded = undefined;
      throw err;
    },
  ));
  return loading;
}

/** A decompression bomb (a tiny PNG of 50,000 x 50,000 pixels) is refused before it is decoded. */
const maxPixels = 60_000_000;

/**
 * Removes every metadata block from a photo (ADR 1250): EXIF (with the GPS position, camera serial
 * number, time), XMP, IPTC, ICC profile, JPEG comments, PNG text chunks. The image is decoded and
 * encoded again by libvips (sharp), which writes no metadata unless asked to: nothing we do not
 * know about survives, unlike a filter that removes the segments it knows. The EXIF orientation is
 * applied to the pixels first, so a portrait photo stays upright without its EXIF. JPEG at quality
 * 92 (no visible loss for a photo of a damage), PNG lossless. PDFs are returned unchanged.
 * Throws when the bytes do not decode as the detected type (a damaged or forged file).
 */
export async function withoutMetadata(bytes: Uint8Array, mime: EvidenceMime): Promise<Uint8Array> {
  if (mime === 'application/pdf') return bytes;
  const sharp = await sharpLoaded();
  const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
  const out =
    mime === 'image/jpeg'
      ? image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      : image.png({ compressionLevel: 9 });
  return new Uint8Array(await out.toBuffer());
}
