import { createHash } from 'node:crypto';
import {
  isEvidenceMime,
  sizeRefusal,
  type EvidenceErrorCode,
  type EvidenceLimits,
  type EvidenceMime,
} from '../../domain/evidence/rules';
import { sharpLoaded, withoutMetadata } from './scrub';

export type Inspection =
  | { ok: true; mime: EvidenceMime; bytes: Uint8Array; sha256: string }
  | { ok: false; code: EvidenceErrorCode };

/**
 * Decides whether an uploaded file is accepted and returns the bytes to store (ADR 1250):
 * the size as sent, then the type from the content's signature (file-type; the name and the
 * Content-Type the browser sent are never asked, so `rechnung.pdf` that is an executable is
 * refused), then the image decoded and re-encoded without metadata (a file that only starts like
 * a JPEG is refused as damaged).
 */
export async function inspectEvidence(
  bytes: Uint8Array,
  limits: EvidenceLimits,
): Promise<Inspection> {
  const tooLarge = sizeRefusal(bytes.byteLength, limits);
  if (tooLarge) return { ok: false, code: tooLarge };
  // file-type and sharp load at the first upload, not at the start (ADR 1335).
  const { fileTypeFromBuffer } = await import('file-type/core');
  const detected = bytes.byteLength ? await fileTypeFromBuffer(bytes) : undefined;
  const mime = detected?.mime;
  if (!isEvidenceMime(mime)) return { ok: false, code: 'evidence_type' };
  // Outside the try: an image library that cannot load is the server's fault, not a damaged file.
  if (mime !== 'application/pdf') await sharpLoaded();
  let clean: Uint8Array;
  try {
    clean = await withoutMetadata(bytes, mime);
  } catch {
    return { ok: false, code: 'evidence_damaged' };
  }
  return {
    ok: true,
    mime,
    bytes: clean,
    sha256: createHash('sha256').update(clean).digest('hex'),
  };
}
