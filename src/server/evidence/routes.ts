import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  evidenceErrorCodes,
  evidenceErrorStatus,
  evidenceMimes,
} from '../../domain/evidence/rules';
import { answer, described, errorAnswer, fileAnswer } from '../http/answers';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
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

/** What the upload route answers (ADR 1265): the stored files, or a refusal naming the file. */
const uploadAnswer = z.object({
  files: z.array(
    z.object({
      id: z.uuid(),
      fileName: described(z.string(), 'As shown and downloaded (extension of the type)'),
      mime: z.enum(evidenceMimes),
      size: described(z.number().check(z.int()), 'Bytes as stored (photos without their metadata)'),
    }),
  ),
});
const refusalAnswer = z.object({
  errors: z.array(
    z.object({
      code: z.enum([...evidenceErrorCodes, 'not_multipart']),
      message: described(z.string(), 'German sentence'),
      fileName: z.optional(described(z.string(), 'The refused file')),
    }),
  ),
});
const refused = (description: string) => answer(refusalAnswer, description);

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
  app.get(
    '/api/evidence/:token',
    route({
      summary:
        'An evidence file of a claim through its short-lived signed link (for the landlord, the tenant or staff)',
      params: tokenParams,
      answers: {
        200: fileAnswer(
          'The file as an attachment with its stored type (PDF, JPEG or PNG; photos without metadata)',
          ['application/pdf', 'image/jpeg', 'image/png'],
        ),
        403: errorAnswer('link_invalid: forged or changed link'),
        410: errorAnswer('link_expired, or gone: the file was deleted'),
      },
    }),
    async (req, reply) => {
      const check = checkFileToken(deps.serverSecret, req.params.token, deps.clock.now());
      if (check.state === 'invalid') throw new HttpError(403, 'link_invalid', texts.link_invalid);
      if (check.state === 'expired') throw new HttpError(410, 'link_expired', texts.link_expired);
      const found = await readEvidence(deps, check.value.fileId);
      if (!found) throw new HttpError(410, 'gone', texts.gone);
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
    },
  );

  await app.register(async (scope) => {
    await registerEvidenceMultipart(scope, deps.settings.limits);
    scope.withTypeProvider<EdgeTypes>().post(
      '/api/evidence/uploads/:grant',
      route({
        summary:
          'Adds evidence files (multipart/form-data, field name free) to the claim or answer the signed upload grant names; all files or none',
        params: grantParams,
        documentedBody: { multipart: 'The files (PDF, JPEG or PNG)' },
        rateLimit: opts.writeLimit,
        answers: {
          201: answer(uploadAnswer, 'The stored files'),
          400: errorAnswer('no_files'),
          403: errorAnswer('upload_invalid: forged or changed grant'),
          410: errorAnswer('upload_expired'),
          413: refused('evidence_too_large or evidence_too_many'),
          415: refused('evidence_type (not a PDF, JPEG or PNG by its content), or not_multipart'),
          422: refused('evidence_damaged: the image does not decode'),
        },
      }),
      async (req, reply) => {
        const grant = checkUploadToken(deps.serverSecret, req.params.grant, deps.clock.now());
        if (grant.state === 'invalid')
          throw new HttpError(403, 'upload_invalid', texts.upload_invalid);
        if (grant.state === 'expired')
          throw new HttpError(410, 'upload_expired', texts.upload_expired);
        const upload = await readEvidenceUpload(req, deps.settings.limits);
        if (!upload.ok) {
          if (upload.code === 'not_multipart')
            throw new HttpError(415, 'not_multipart', texts.not_multipart);
          const error = refusal(deps.settings, upload.code, upload.fileName);
          return reply
            .code(evidenceErrorStatus[upload.code])
            .send(refusalAnswer.parse({ errors: [error] }));
        }
        if (!upload.files.length) throw new HttpError(400, 'no_files', texts.no_files);
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
