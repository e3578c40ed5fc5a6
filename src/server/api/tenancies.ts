import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer } from '../http/answers';
import { route } from '../http/route';
import { loadErrors, saveAnswers, tenancy } from '../handlers/answerSchemas';
import { edgeObject, queryText, type EdgeTypes } from '../http/edge';
import { cidParam, productSelectionParam, stepParam } from '../http/edgeParams';
import { tenancyLoadAnswer, tenancySaveAnswer } from '../handlers/tenancies';
import type { Services } from '../services/index';
import { isReservationValue } from '../services/rulebook';

const loadQuery = edgeObject({ cid: cidParam });
/** Checked by the domain's wire codec, field by field (ADR 0309). */
const tenancyBody = {
  component: 'Tenancy',
  media: ['application/json', 'application/x-www-form-urlencoded'],
} as const;
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

  api.get(
    '/api/tenancies',
    route({
      summary: 'Load an application',
      querystring: loadQuery,
      answers: { 200: answer(z.object({ data: tenancy }), 'The saved form data'), ...loadErrors },
    }),
    async (request) => tenancyLoadAnswer(services, codec, request.query.cid, (data) => ({ data })),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    api.route({
      method,
      url: '/api/tenancies',
      ...route({
        summary:
          method === 'POST'
            ? 'Create an application (or submit a complete one in one call)'
            : 'Update an application step',
        ...(method === 'POST'
          ? {
              description:
                'Partners send the whole application with step "check" (in the body or the query) and their key; see docs/integrators.md.',
            }
          : {}),
        partnerKey: 'optional',
        rateLimit: writeLimit,
        querystring: saveQuery,
        documentedBody: tenancyBody,
        answers: saveAnswers,
      }),
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
