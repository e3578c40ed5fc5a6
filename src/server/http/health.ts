import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer } from './answers';
import { route } from './route';
import type { Database } from '../db/client';
import { retryAfterSeconds, type DatabaseAvailability } from '../db/availability';
import { databaseFault } from '../db/unavailable';

/** How long /health waits for the database before it answers that it does not answer. */
const probeTimeoutMs = 3000;

/**
 * GET /health: 200 when the database answers, 503 otherwise (for load balancers and CI) with the
 * reason: `database_unreachable`, `database_timeout` or `disk_full` (ADR 1100).
 */
const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  reason: z.optional(z.enum(['database_unreachable', 'database_timeout', 'disk_full'])),
});
const healthAnswers = {
  200: answer(health, 'ok'),
  503: answer(health, 'database unavailable'),
} as const;

export function registerHealth(
  app: FastifyInstance,
  db: Database,
  availability: DatabaseAvailability,
): void {
  app.get(
    '/health',
    route({ summary: 'Health incl. database', answers: healthAnswers }),
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), probeTimeoutMs);
      });
      const unavailable = (reason: string) =>
        reply
          .status(503)
          .header('retry-after', String(retryAfterSeconds))
          .send({ status: 'unavailable', database: db.engine, reason });
      try {
        const r = await Promise.race([db.executeSql('SELECT 1', []), timeout]);
        if (r === 'timeout') return unavailable('database_timeout');
      } catch (err) {
        const fault = availability.report(err) ?? databaseFault(err);
        return unavailable(fault === 'disk_full' ? 'disk_full' : 'database_unreachable');
      } finally {
        clearTimeout(timer);
      }
      // The database answers reads, but the last write found the disk full (embedded engine).
      if (availability.fault === 'disk_full') return unavailable('disk_full');
      return { status: 'ok', database: db.engine };
    },
  );
}
