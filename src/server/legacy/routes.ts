import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RouteLimits } from '../http/rateLimits';
import { bankNameAnswer } from '../handlers/bankNames';
import { partnerAnswer, uceAnswer } from '../handlers/partners';
import { ratesAnswer } from '../handlers/rates';
import { queryString } from '../handlers/replies';
import { saveProgressAnswer } from '../handlers/saveProgress';
import { tenancyLoadAnswer, tenancySaveAnswer } from '../handlers/tenancies';
import type { Services } from '../services/index';

// find-my-way reads "::" as an escaped ":"; four colons match the literal "::" of the old paths.
const ajax = '/ajax::::tenancy_logic';

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

  app.get('/tenancy_steps_reconfigured/cid_to_json', async (request, reply) =>
    tenancyLoadAnswer(
      services,
      codec,
      queryString((request.query as Record<string, unknown>).cid),
      reply,
    ),
  );

  for (const [path, reservation] of [
    ['/tenancy_steps_reconfigured/json_to_cid', false],
    ['/tenancy_reservation_steps_reconfigured/json_to_cid', true],
  ] as const) {
    app.route({
      method: ['PUT', 'POST'],
      url: path,
      config: { rateLimit: limits.write },
      handler: async (request, reply) => {
        const q = request.query as Record<string, unknown>;
        const cid = queryString(q.cid);
        return tenancySaveAnswer(
          services,
          {
            codec,
            cid: cid ? cid : undefined,
            reservation,
            step: queryString(q.step),
            body: request.body,
            partner: request.partner,
          },
          reply,
        );
      },
    });
  }

  app.get(`${ajax}/rates`, async (request, reply) =>
    ratesAnswer(config, (request.query as Record<string, unknown>).sum, 'auto', reply),
  );

  app.post(
    '/tenancy_steps_reconfigured/save_progress',
    { config: { rateLimit: limits.write } },
    (request, reply) => saveProgressAnswer(services, codec, limits.mail, request, reply),
  );

  app.get(
    '/tenancy_steps_reconfigured/get_uce_configuration',
    { config: { rateLimit: limits.lookup } },
    async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      return partnerAnswer(services, queryString(q.partner_code), reply);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/tenancy_steps_reconfigured/save_uce_values',
    config: { rateLimit: limits.write },
    handler: async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const body = (request.body ?? {}) as Record<string, unknown>;
      return uceAnswer(
        services,
        codec,
        {
          cid: queryString(q.cid) ?? queryString(body.cid),
          body,
          partnerCode: queryString(body.partner_code),
        },
        reply,
      );
    },
  });

  app.get(`${ajax}/bank_code_to_name`, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    return bankNameAnswer(services, q.bank_code ?? q.bankCode ?? q.blz, reply);
  });
}
