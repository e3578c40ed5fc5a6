import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { applications, documents } from '../db/schema/index';
import {
  checkDocumentLink,
  documentLinkPath,
  isLinkedKind,
  isPdfLegalSlug,
} from '../documents/index';
import { edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import { cidPath } from '../http/edgeParams';
import { HttpError, statusError } from '../http/errors';
import { errorAnswer, fileAnswer, redirectAnswer } from '../http/answers';
import { route } from '../http/route';
import { hashCid, isPlausibleCid } from '../services/cid';
import { deletedReason } from './deletion';
import type { DocumentSupply } from './supply';
import { de } from '../../domain/index';
import { apiMessages } from '../texts/api';
import { uuidPattern } from '../../domain/rules/patterns';

const msg = de.ui.documents;
const linkParams = edgeObject({
  applicationId: pathParam({ description: 'Application id (uuid)' }),
  file: pathParam({ description: 'Document kind with .pdf, e.g. certificate.pdf' }),
});
const linkQuery = edgeObject({
  expires: queryText({ description: 'Unix seconds the link ends' }),
  signature: queryText({ description: 'Signature of the link' }),
});
const slugParams = edgeObject({ slug: pathParam({ description: 'Slug of the legal text' }) });

function sendPdf(reply: FastifyReply, filename: string, content: Uint8Array, cache: string) {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  reply.header('cache-control', cache);
  return reply.send(Buffer.from(content));
}

/**
 * Downloads of documents:
 * - GET /api/documents/:applicationId/:kind.pdf?expires=&signature=  the expiring, signed links the
 *   result page and the e-mails carry (403 forged, 410 expired or deleted, 404 no such document);
 * - GET /api/legal/:slug.pdf  the static legal texts (public, the same for every contract);
 * - GET /api/tenancies/:cid/certificate.pdf and …/reservation.pdf  the older cid-based paths: they
 *   no longer send the file but redirect (303) to a signed link valid for ten minutes, so a
 *   downloaded URL in a history or log stops working (409 before acceptance, 404 unknown, 410 deleted).
 * Registered from src/server/routes.ts with app.register(processingRoutes, { db, supply, secret, clock }).
 */
export const processingRoutes: FastifyPluginAsync<{
  db: Database;
  supply: DocumentSupply;
  secret: string;
  clock: Clock;
}> = async (root, { db, supply, secret, clock }) => {
  const app = root.withTypeProvider<EdgeTypes>();
  const linkRoute = route({
    summary:
      'A document of an accepted application through an expiring signed link (from the order status or the e-mail)',
    params: linkParams,
    querystring: linkQuery,
    answers: {
      200: fileAnswer('The PDF'),
      403: errorAnswer('invalid_link'),
      404: errorAnswer('unknown or no_document'),
      410: errorAnswer('link_expired or gone'),
    },
  });
  app.get('/api/documents/:applicationId/:file', linkRoute, async (req, reply) => {
    const { applicationId, file } = req.params;
    const kind = file.replace(/\.pdf$/, '');
    const { expires, signature } = req.query;
    if (!uuidPattern.test(applicationId) || !file.endsWith('.pdf') || !isLinkedKind(kind))
      throw statusError(404);
    const check = checkDocumentLink(
      secret,
      { applicationId, kind, expires, signature },
      clock.now(),
    );
    if (check === 'invalid') throw new HttpError(403, 'invalid_link', msg.linkInvalid);
    if (check === 'expired') throw new HttpError(410, 'link_expired', msg.linkExpired);
    const doc = (
      await db.orm
        .select()
        .from(documents)
        .where(and(eq(documents.applicationId, applicationId), eq(documents.kind, kind)))
    )[0];
    if (!doc) {
      const exists = (
        await db.orm
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.id, applicationId))
      )[0];
      throw exists
        ? new HttpError(404, 'no_document', msg.missing)
        : new HttpError(410, 'gone', msg.gone);
    }
    return sendPdf(reply, doc.filename, doc.content, 'private, no-store');
  });

  const legalRoute = route({
    summary: 'A legal text as a sealed, tagged PDF',
    params: slugParams,
    answers: { 200: fileAnswer('The PDF'), 404: errorAnswer('unknown') },
  });
  app.get('/api/legal/:slug.pdf', legalRoute, async (req, reply) => {
    const { slug } = req.params;
    if (!isPdfLegalSlug(slug)) throw statusError(404);
    const doc = await supply.legal.one(slug);
    return sendPdf(reply, doc.filename, doc.content, 'public, max-age=3600');
  });

  const viaCid =
    (docKind: 'certificate' | 'reservation_confirmation') =>
    async (req: { params: { cid: string } }, reply: FastifyReply) => {
      const { cid } = req.params;
      if (!isPlausibleCid(cid)) throw statusError(404);
      const hash = hashCid(cid);
      const row = (
        await db.orm
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.cidHash, hash))
      )[0];
      if (!row) {
        const gone = await deletedReason(db, hash);
        // 410 with the reason as code (the sentence stays the 404's, as always).
        if (gone) throw new HttpError(410, gone, statusError(404).message);
        throw statusError(404);
      }
      const doc = (
        await db.orm
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.applicationId, row.id), eq(documents.kind, docKind)))
      )[0];
      if (!doc) throw new HttpError(409, 'not_accepted', apiMessages.documentNotYetIssued);
      const expiresAt = new Date(clock.now().getTime() + 10 * 60_000);
      reply.header('cache-control', 'no-store');
      return reply.redirect(
        documentLinkPath(secret, { applicationId: row.id, kind: docKind, expiresAt }),
        303,
      );
    };
  const pdfRoute = (summary: string) =>
    route({
      summary,
      description:
        'Does not send the file: answers 303 See Other to an expiring signed link (ten minutes) that sends it. Follow the redirect (curl -L).',
      params: cidPath,
      answers: {
        303: redirectAnswer(
          'Redirect to /api/documents/{applicationId}/{file}?expires=&signature=, which answers the PDF',
          'The signed download link (relative)',
        ),
        404: errorAnswer('unknown'),
        409: errorAnswer('not_accepted: no document before the acceptance'),
        410: errorAnswer('days_to_keep_data_exceeded or reservation_expired'),
      },
    });
  app.get(
    '/api/tenancies/:cid/certificate.pdf',
    pdfRoute('Guarantee certificate (Bürgschaftsurkunde)'),
    viaCid('certificate'),
  );
  app.get(
    '/api/tenancies/:cid/reservation.pdf',
    pdfRoute('Reservation confirmation (Sofortzusage)'),
    viaCid('reservation_confirmation'),
  );
};
