import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { ratesAnswers } from '../handlers/answerSchemas';
import { ratesQuery } from '../http/edgeParams';
import { ratesAnswer } from '../handlers/rates';

/** Rates for a deposit sum (spec §3): GET /api/rates?sum=1500. */
export function registerRatesRoutes(app: FastifyInstance, config: Config): void {
  app.withTypeProvider<EdgeTypes>().get(
    '/api/rates',
    route({
      summary: 'Rates for every payment frequency (cacheable)',
      querystring: ratesQuery,
      answers: ratesAnswers,
    }),
    // Not async: the answer is sent at once, without a promise and a turn of the microtask queue.
    (request, reply) => {
      ratesAnswer(config, request.query.sum, 'auto', reply);
    },
  );
}
