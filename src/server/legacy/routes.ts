import type { FastifyInstance } from 'fastify';
import { answer } from '../http/answers';
import { route } from '../http/route';
import {
  bankNameAnswers,
  loadErrors,
  partnerLookupAnswers,
  ratesAnswers,
  saveAnswers,
  saveProgressAnswers,
  tenancy,
} from '../handlers/answerSchemas';
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

const old = ['old API'] as const;
/** tenancy_retail[group][field] keys, checked by the domain's old wire codec (ADR 0309). */
const oldTenancyBody = { description: 'tenancy_retail[group][field] keys' };
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
    route({
      summary: 'Old API: load an application',
      tags: old,
      querystring: loadQuery,
      answers: {
        200: answer(tenancy, 'The saved form data (tenancy_retail names)'),
        ...loadErrors,
      },
    }),
    async (request) =>
      tenancyLoadAnswer<Record<string, unknown>>(services, codec, request.query.cid),
  );

  for (const [path, reservation, summary] of [
    ['/tenancy_steps_reconfigured/json_to_cid', false, 'Old API: save a step'],
    [
      '/tenancy_reservation_steps_reconfigured/json_to_cid',
      true,
      'Old API: save a reservation step',
    ],
  ] as const) {
    api.route({
      method: ['PUT', 'POST'],
      url: path,
      ...route({
        summary,
        tags: old,
        partnerKey: 'optional',
        rateLimit: limits.write,
        querystring: saveQuery,
        documentedBody: oldTenancyBody,
        answers: saveAnswers,
      }),
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

  api.get(
    `${ajax}/rates`,
    route({ summary: 'Old API: rates', tags: old, querystring: ratesQuery, answers: ratesAnswers }),
    // Not async: the answer is sent at once, without a promise and a turn of the microtask queue.
    (request, reply) => {
      ratesAnswer(config, request.query.sum, 'auto', reply);
    },
  );

  api.post(
    '/tenancy_steps_reconfigured/save_progress',
    route({
      summary: 'Old API: mail a resume link',
      tags: old,
      rateLimit: limits.write,
      body: saveProgressBody,
      querystring: saveProgressQuery,
      answers: saveProgressAnswers,
    }),
    (request, reply) => saveProgressAnswer(services, codec, limits.mail, request, reply),
  );

  api.get(
    '/tenancy_steps_reconfigured/get_uce_configuration',
    route({
      summary: 'Old API: partner lookup',
      tags: old,
      rateLimit: limits.lookup,
      querystring: uceQuery,
      answers: partnerLookupAnswers,
    }),
    async (request, reply) => partnerAnswer(services, request.query.partner_code, reply),
  );

  api.route({
    method: ['PUT', 'POST'],
    url: '/tenancy_steps_reconfigured/save_uce_values',
    ...route({
      summary: 'Old API: save partner codes',
      tags: old,
      rateLimit: limits.write,
      querystring: cidQuery,
      body: uceBody,
      answers: saveAnswers,
    }),
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
    route({
      summary: 'Old API: bank name',
      tags: old,
      querystring: bankCodeQuery,
      answers: bankNameAnswers,
    }),
    async (request, reply) => bankNameAnswer(services, bankCodeOf(request.query), reply),
  );
}
