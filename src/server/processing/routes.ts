import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { applications, documents } from '../db/schema/index';
import { apiError } from '../http/errors';
import { hashCid } from '../services/cid';
import { deletedReason } from './deletion';

/**
 * Downloads of issued documents, by cid:
 * - GET /api/tenancies/:cid/certificate.pdf  (contract accepted; 409 before, 404 unknown)
 * - GET /api/tenancies/:cid/reservation.pdf  (reservation accepted)
 * Register with: app.register(processingRoutes, { db }).
 */
export const processingRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  const serve =
    (docKind: 'certificate' | 'reservation_confirmation') =>
    async (
      req: { params: unknown },
      reply: {
        code(n: number): { send(b: unknown): unknown };
        header(k: string, v: string): unknown;
        send(b: unknown): unknown;
      },
    ) => {
      const { cid } = req.params as { cid: string };
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(cid)) return reply.code(404).send(apiError(404));
      const hash = hashCid(cid);
      const row = (
        await db.orm
          .select({ id: applications.id, orderState: applications.orderState })
          .from(applications)
          .where(eq(applications.cidHash, hash))
      )[0];
      if (!row) {
        const gone = await deletedReason(db, hash);
        if (gone) return reply.code(410).send(apiError(404, gone, undefined));
        return reply.code(404).send(apiError(404));
      }
      const doc = (
        await db.orm
          .select()
          .from(documents)
          .where(and(eq(documents.applicationId, row.id), eq(documents.kind, docKind)))
      )[0];
      if (!doc) {
        return reply
          .code(409)
          .send(
            apiError(
              409,
              'not_accepted',
              'Das Dokument steht erst zur Verfügung, wenn Ihr Antrag angenommen wurde.',
            ),
          );
      }
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${doc.filename}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(doc.content));
    };
  app.get('/api/tenancies/:cid/certificate.pdf', serve('certificate'));
  app.get('/api/tenancies/:cid/reservation.pdf', serve('reservation_confirmation'));
};
