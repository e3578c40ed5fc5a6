import type { FastifyInstance } from 'fastify';
import { edgeObject, queryText, type EdgeTypes } from '../http/edge';
import { cidParam, productSelectionParam, stepParam } from '../http/edgeParams';
import { tenancyLoadAnswer, tenancySaveAnswer } from '../handlers/tenancies';
import type { Services } from '../services/index';
import { isReservationValue } from '../services/rulebook';

const loadQuery = edgeObject({ cid: cidParam });
const saveQuery = edgeObject({
  cid: cidParam,
  step: stepParam,
  product_selection: productSelectionParam,
  reservation: queryText({ description: '1, true or on: a reservation (POST only)' }),
});

/**
 * The new API's tenancy calls (spec §7): GET loads, POST creates (reservation=1 for a
 * reservation), PATCH updates; a save answers {cid, errors, skip_to}. The body is checked by the
 * domain's wire codec, which stores what it can and answers a field-error map.
 */
export function registerTenancyRoutes(
  app: FastifyInstance,
  services: Services,
  writeLimit: object,
): void {
  const api = app.withTypeProvider<EdgeTypes>();
  const codec = services.tenancies.codecs.new;

  api.get('/api/tenancies', { schema: { querystring: loadQuery } }, async (request, reply) =>
    tenancyLoadAnswer(services, codec, request.query.cid, reply, (data) => ({ data })),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    api.route({
      method,
      url: '/api/tenancies',
      config: { rateLimit: writeLimit },
      schema: { querystring: saveQuery },
      handler: async (request, reply) => {
        const { cid, step, reservation, product_selection } = request.query;
        return tenancySaveAnswer(
          services,
          {
            codec,
            cid: method === 'PATCH' || cid ? (cid ?? '') : undefined,
            reservation: isReservationValue(reservation),
            step,
            body: request.body,
            partner: request.partner,
            productSelection: product_selection,
          },
          reply,
        );
      },
    });
  }
}
