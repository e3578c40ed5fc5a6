import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** GET /health: 200 when the database answers, 503 otherwise (for load balancers and CI). */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/health', async (_request, reply) => {
    try {
      await db.executeSql('SELECT 1');
      return { status: 'ok', database: db.engine };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: db.engine });
    }
  });
}
