import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  evidenceErrorCodes,
  evidenceErrorStatus,
  evidenceMimes,
} from '../../domain/evidence/rules';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { apiError } from '../http/errors';
import { evidenceApiTexts as texts } from '../texts/evidence';
import { attachmentHeader } from './fileNames';
import { checkFileToken, checkUploadToken } from './links';
import { readEvidence, refusal, storeEvidenceFiles, type EvidenceDeps } from './service';
import { readEvidenceUpload, registerEvidenceMultipart } from './upload';

const tokenParams = edgeObject({
  token: pathParam({ description: 'Signed, expiring token (from evidenceLink)' }),
});
const grantParams = edgeObject({
  grant: pathParam({ description: 'Signed, expiring upload grant (from evidenceUploadLink)' }),
});

/** The answers of the upload route, checked as sent (./openapi.ts documents the same). */
const uploadAnswer = z.object({
  files: z.array(
    z.object({
      id: z.uuid(),
      fileName: z.string(),
      mime: z.enum(evidenceMimes),
      size: z.number().int(),
    }),
  ),
});
const refusalAnswer = z.object({
  errors: z.array(
    z.object({
      code: z.enum(evidenceErrorCodes),
      message: z.string(),
      fileName: z.string().optional(),
    }),
  ),
});

/**
 * The evidence routes (ADR 1250):
 * - GET /api/evidence/:token  one file through its short-lived signed link: 403 forged, 410 expired
 *   or deleted; sent as an attachment with its stored type, nosniff and a sandboxing CSP, never
 *   cached;
 * - POST /api/evidence/uploads/:grant  multipart files for the owner the grant names (the claims
 *   module hands out grants to the landlord's claim form and the tenant's answer): 201 with the
 *   stored files, or 413/415/422 with the refusal's code, German sentence and file name.
 */
export async function registerEvidenceRoutes(
  root: FastifyInstance,
  deps: EvidenceDeps,
  opts: { writeLimit: object },
): Promise<void> {
  const app = root.withTypeProvider<EdgeTypes>();
  app.get('/api/evidence/:token', { schema: { params: tokenParams } }, async (req, reply) => {
    const check = checkFileToken(deps.serverSecret, req.params.token, deps.clock.now());
    if (check.state === 'invalid')
      return reply.code(403).send(apiError(403, 'link_invalid', texts.link_invalid));
    if (check.state === 'expired')
      return reply.code(410).send(apiError(410, 'link_expired', texts.link_expired));
    const found = await readEvidence(deps, check.value.fileId);
    if (!found) return reply.code(410).send(apiError(410, 'gone', texts.gone));
    // Which file went to whom (ids only): the trail behind a party's or staff's download.
    req.log.info(
      { evidenceFile: found.file.id, audience: check.value.audience },
      'evidence served',
    );
    return reply
      .header('content-type', found.file.mime)
      .header('content-disposition', attachmentHeader(found.file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(Buffer.from(found.bytes));
  });

  await app.register(async (scope) => {
    await registerEvidenceMultipart(scope, deps.settings.limits);
    scope
      .withTypeProvider<EdgeTypes>()
      .post(
        '/api/evidence/uploads/:grant',
        { schema: { params: grantParams }, config: { rateLimit: opts.writeLimit } },
        async (req, reply) => {
          const grant = checkUploadToken(deps.serverSecret, req.params.grant, deps.clock.now());
          if (grant.state === 'invalid')
            return reply.code(403).send(apiError(403, 'upload_invalid', texts.upload_invalid));
          if (grant.state === 'expired')
            return reply.code(410).send(apiError(410, 'upload_expired', texts.upload_expired));
          const upload = await readEvidenceUpload(req, deps.settings.limits);
          if (!upload.ok) {
            if (upload.code === 'not_multipart')
              return reply.code(415).send(apiError(415, 'not_multipart', texts.not_multipart));
            const error = refusal(deps.settings, upload.code, upload.fileName);
            return reply
              .code(evidenceErrorStatus[upload.code])
              .send(refusalAnswer.parse({ errors: [error] }));
          }
          if (!upload.files.length)
            return reply.code(400).send(apiError(400, 'no_files', texts.no_files));
          const result = await storeEvidenceFiles(deps, grant.value.owner, upload.files);
          if (!result.ok)
            return reply
              .code(evidenceErrorStatus[result.error.code])
              .send(refusalAnswer.parse({ errors: [result.error] }));
          const { files } = result;
          return reply.code(201).send(uploadAnswer.parse({ files }));
        },
      );
  });
}
