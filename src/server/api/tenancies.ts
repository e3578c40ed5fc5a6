import type { FastifyInstance } from 'fastify';
import { queryString } from '../handlers/replies';
import { tenancyLoadAnswer, tenancySaveAnswer } from '../handlers/tenancies';
import type { Services } from '../services/index';
import { isReservationValue } from '../services/rulebook';

type Query = Record<string, unknown>;

/**
 * The new API's tenancy calls (spec §7): GET loads, POST creates (reservation=1 for a
 * reservation), PATCH updates; a save answers {cid, errors, skip_to}.
 */
export function registerTenancyRoutes(
  app: FastifyInstance,
  services: Services,
  writeLimit: object,
): void {
  const codec = services.tenancies.codecs.new;

  app.get('/api/tenancies', async (request, reply) =>
    tenancyLoadAnswer(
      services,
      codec,
      queryString((request.query as Query).cid),
      reply,
      (data) => ({
        data,
      }),
    ),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/tenancies',
      config: { rateLimit: writeLimit },
      handler: async (request, reply) => {
        const q = request.query as Query;
        const cid = queryString(q.cid);
        return tenancySaveAnswer(
          services,
          {
            codec,
            cid: method === 'PATCH' || cid ? (cid ?? '') : undefined,
            reservation: isReservationValue(queryString(q.reservation)),
            step: queryString(q.step),
            body: request.body,
            partner: request.partner,
          },
          reply,
        );
      },
    });
  }
}
