import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { apiError } from '../http/errors';
import { parseAmount, rates } from '../services/rulebook';
import { queryString } from './replies';

const maxSum = 10_000_000;

/**
 * Rates for every payment frequency (spec §3 rates response), keyed by paymentConditions
 * (1, 2, 4, 12). The one cacheable API answer: it depends only on the query and the tariff.
 */
export function ratesAnswer(
  config: Config,
  rawSum: unknown,
  decimal: ',' | '.' | 'auto',
  reply: FastifyReply,
) {
  const sum = parseAmount(queryString(rawSum) ?? '', decimal);
  if (sum === undefined || !Number.isFinite(sum) || sum < 0 || sum > maxSum) {
    return reply
      .status(400)
      .send(
        apiError(
          400,
          'invalid_sum',
          'Bitte geben Sie die Kautionssumme als Zahl an, z. B. sum=1500.',
        ),
      );
  }
  reply.header('cache-control', `public, max-age=${config.ratesMaxAge}`);
  return reply.send(rates(sum, config.tariff));
}

export function registerRatesRoutes(app: FastifyInstance, config: Config): void {
  app.get('/api/rates', async (request, reply) =>
    ratesAnswer(config, (request.query as Record<string, unknown>).sum, 'auto', reply),
  );
}
