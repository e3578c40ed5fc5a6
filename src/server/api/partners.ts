import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../texts/api';
import { apiError } from '../http/errors';
import type { RouteLimits } from '../http/rateLimits';
import { partnerAnswer, uceAnswer } from '../handlers/partners';
import { queryString } from '../handlers/replies';
import type { Services } from '../services/index';

/** Partners, sub-partners (uce) and the uce checkout-step call of the new API. */
export function registerPartnerRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RouteLimits,
): void {
  const codec = services.tenancies.codecs.new;
  // Throttled: partner codes must not be enumerable (ADR 1111).
  app.get('/api/partners/:code', { config: { rateLimit: limits.lookup } }, async (request, reply) =>
    partnerAnswer(services, (request.params as { code: string }).code, reply),
  );

  app.post('/api/subpartners', { config: { rateLimit: limits.write } }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    return uceAnswer(
      services,
      codec,
      { cid: queryString(q.cid) ?? queryString(body.cid), body },
      reply,
    );
  });

  // Spec §7 "checkout step endpoint": cid, partnerCode, subPartnerCode, product, step 'uce'.
  app.post(
    '/api/checkout/step',
    { config: { rateLimit: limits.write } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.step !== undefined && body.step !== 'uce') {
        return reply.status(400).send(apiError(400, 'invalid_step', apiMessages.onlyStepUce));
      }
      return uceAnswer(services, codec, { cid: queryString(body.cid), body }, reply);
    },
  );
}
