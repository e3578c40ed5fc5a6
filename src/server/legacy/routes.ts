import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { bodyText, edgeObject, queryText, type EdgeTypes } from '../http/edge';
import {
  bankCodeOf,
  bankCodeQuery,
  cidParam,
  productSelectionParam,
  ratesQuery,
  reconfToParam,
  saveProgressBody,
  saveProgressQuery,
  stepParam,
} from '../http/edgeParams';
import type { RouteLimits } from '../http/rateLimits';
import { bankNameAnswer } from '../handlers/bankNames';
import { partnerAnswer, uceAnswer } from '../handlers/partners';
import { ratesAnswer } from '../handlers/rates';
import { saveProgressAnswer } from '../handlers/saveProgress';
import { tenancyLoadAnswer, tenancySaveAnswer } from '../handlers/tenancies';
import type { Services } from '../services/index';

// find-my-way reads "::" as an escaped ":"; four colons match the literal "::" of the old paths.
const ajax = '/ajax::::tenancy_logic';

const cidQuery = edgeObject({ cid: cidParam });
const loadQuery = edgeObject({ cid: cidParam, reconf_to: reconfToParam });
// Spec §7: the old save's query is cid, step, product_selection, reconf_to (ADR 0831).
const saveQuery = edgeObject({
  cid: cidParam,
  step: stepParam,
  product_selection: productSelectionParam,
  reconf_to: reconfToParam,
});
const uceQuery = edgeObject({ partner_code: queryText({ description: 'Partner code' }) });
const uceBody = edgeObject({
  cid: bodyText({ description: 'Session id' }),
  partner_code: bodyText({ description: 'Partner code' }),
});

/**
 * The old API (spec §7, left column): a route table over the handlers it shares with the new API
 * (../handlers) and the same services, speaking tenancy_retail[...] keys, booleans 1/0, decimal
 * comma, dates TT.MM.JJJJ (the domain's oldApiWire). It never imports the new API's routes.
 */
export function registerLegacyRoutes(
  app: FastifyInstance,
  deps: { config: Config; services: Services; limits: RouteLimits },
): void {
  const { config, services, limits } = deps;
  const codec = services.tenancies.codecs.old;
  const api = app.withTypeProvider<EdgeTypes>();

  api.get(
    '/tenancy_steps_reconfigured/cid_to_json',
    { schema: { querystring: loadQuery } },
    async (request, reply) => tenancyLoadAnswer(services, codec, request.query.cid, reply),
  );

  for (const [path, reservation] of [
    ['/tenancy_steps_reconfigured/json_to_cid', false],
    ['/tenancy_reservation_steps_reconfigured/json_to_cid', true],
  ] as const) {
    api.route({
      method: ['PUT', 'POST'],
      url: path,
      config: { rateLimit: limits.write },
      schema: { querystring: saveQuery },
      handler: async (request, reply) => {
        const { cid, step, product_selection } = request.query;
        return tenancySaveAnswer(
          services,
          {
            codec,
            cid,
            reservation,
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

  api.get(`${ajax}/rates`, { schema: { querystring: ratesQuery } }, async (request, reply) =>
    ratesAnswer(config, request.query.sum, 'auto', reply),
  );

  api.post(
    '/tenancy_steps_reconfigured/save_progress',
    {
      config: { rateLimit: limits.write },
      schema: { body: saveProgressBody, querystring: saveProgressQuery },
    },
    (request, reply) => saveProgressAnswer(services, codec, limits.mail, request, reply),
  );

  api.get(
    '/tenancy_steps_reconfigured/get_uce_configuration',
    { config: { rateLimit: limits.lookup }, schema: { querystring: uceQuery } },
    async (request, reply) => partnerAnswer(services, request.query.partner_code, reply),
  );

  api.route({
    method: ['PUT', 'POST'],
    url: '/tenancy_steps_reconfigured/save_uce_values',
    config: { rateLimit: limits.write },
    schema: { querystring: cidQuery, body: uceBody },
    handler: async (request, reply) =>
      uceAnswer(
        services,
        codec,
        {
          cid: request.query.cid ?? request.body.cid,
          body: request.body,
          partnerCode: request.body.partner_code,
        },
        reply,
      ),
  });

  api.get(
    `${ajax}/bank_code_to_name`,
    { schema: { querystring: bankCodeQuery } },
    async (request, reply) => bankNameAnswer(services, bankCodeOf(request.query), reply),
  );
}
