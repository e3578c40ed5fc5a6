import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type/core';
import {
  isEvidenceMime,
  sizeRefusal,
  type EvidenceErrorCode,
  type EvidenceLimits,
  type EvidenceMime,
} from '../../domain/evidence/rules';
import { withoutMetadata } from './scrub';

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
  const detected = bytes.byteLength ? await fileTypeFromBuffer(bytes) : undefined;
  const mime = detected?.mime;
  if (!isEvidenceMime(mime)) return { ok: false, code: 'evidence_type' };
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
