import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ratesAnswer } from '../handlers/rates';

/** Rates for a deposit sum (spec §3): GET /api/rates?sum=1500. */
export function registerRatesRoutes(app: FastifyInstance, config: Config): void {
  app.get('/api/rates', async (request, reply) =>
    ratesAnswer(config, (request.query as Record<string, unknown>).sum, 'auto', reply),
  );
}
