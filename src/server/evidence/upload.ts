import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EvidenceErrorCode, EvidenceLimits } from '../../domain/evidence/rules';
import type { IncomingFile } from './service';

/** Text fields a multipart form may carry beside its files (a claim form's own fields). */
const fieldLimits = { fields: 100, fieldSize: 100_000 };

/**
 * Lets the routes of one Fastify scope take multipart/form-data (ADR 1250). Register it inside the
 * scope of the routes that take files, never on the whole app:
 *   await app.register(async (scope) => {
 *     await registerEvidenceMultipart(scope, config.evidence.limits);
 *     scope.post('/api/claims/...', async (req, reply) => { const upload = await readEvidenceUpload(req, limits); ... });
 *   });
 * The limits stop a too large or too many files while they arrive (busboy counts the bytes),
 * before anything is kept in memory beyond one file of the largest allowed size.
 */
export async function registerEvidenceMultipart(
  scope: FastifyInstance,
  limits: EvidenceLimits,
): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      parts: limits.maxFiles + fieldLimits.fields,
      ...fieldLimits,
    },
  });
}

export type UploadReading =
  | { ok: true; fields: Record<string, string>; files: IncomingFile[] }
  | { ok: false; code: EvidenceErrorCode | 'not_multipart'; fileName?: string };

const codeOfLimit: Record<string, EvidenceErrorCode> = {
  FST_REQ_FILE_TOO_LARGE: 'evidence_too_large',
  FST_FILES_LIMIT: 'evidence_too_many',
  FST_PARTS_LIMIT: 'evidence_too_many',
};

/**
 * Reads a multipart request of a scope with registerEvidenceMultipart: its text fields and its
 * files as bytes. A file over the size limit or a file over the count stops the reading with the
 * matching refusal code (and the name of the file that was too large); other limit errors
 * (too many or too long text fields) are thrown as Fastify's 413.
 */
export async function readEvidenceUpload(
  req: FastifyRequest,
  limits: EvidenceLimits,
): Promise<UploadReading> {
  if (!req.isMultipart()) return { ok: false, code: 'not_multipart' };
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: IncomingFile[] = [];
  let current: string | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles },
    })) {
      if (part.type === 'file') {
        current = part.filename;
        const bytes = await part.toBuffer();
        files.push({ fileName: part.filename, bytes: new Uint8Array(bytes) });
        current = undefined;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = codeOfLimit[(err as { code?: string }).code ?? ''];
    if (!code) throw err;
    return code === 'evidence_too_large' && current !== undefined
      ? { ok: false, code, fileName: current }
      : { ok: false, code };
  }
  return { ok: true, fields, files };
}
