import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { partnerAnswer, uceAnswer } from '../api/partners';
import { ratesAnswer } from '../api/rates';
import { bankNameAnswer } from '../api/reference';
import { queryString, sendSaveAnswer, sendTenancyError } from '../api/replies';
import { saveProgressAnswer, type SaveProgressLimits } from '../api/saveProgress';
import type { Services } from '../services/index';

// find-my-way reads "::" as an escaped ":"; four colons match the literal "::" of the old paths.
const ajax = '/ajax::::tenancy_logic';

/**
 * The old API (spec §7, left column) on the same services: tenancy_retail[...] keys, booleans
 * 1/0, decimal comma, dates TT.MM.JJJJ (the domain's oldApiWire).
 */
export function registerLegacyRoutes(
  app: FastifyInstance,
  config: Config,
  services: Services,
  writeLimit: object,
  lookupLimit: object,
  mailLimits: SaveProgressLimits,
): void {
  const codec = services.tenancies.codecs.old;

  app.get('/tenancy_steps_reconfigured/cid_to_json', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    try {
      return await services.tenancies.load(codec, queryString(q.cid));
    } catch (err) {
      return sendTenancyError(reply, err);
    }
  });

  for (const [path, reservation] of [
    ['/tenancy_steps_reconfigured/json_to_cid', false],
    ['/tenancy_reservation_steps_reconfigured/json_to_cid', true],
  ] as const) {
    app.route({
      method: ['PUT', 'POST'],
      url: path,
      config: { rateLimit: writeLimit },
      handler: async (request, reply) => {
        const q = request.query as Record<string, unknown>;
        const cid = queryString(q.cid);
        try {
          const answer = await services.tenancies.save({
            codec,
            cid: cid ? cid : undefined,
            reservation,
            step: queryString(q.step),
            body: request.body,
            partner: request.partner,
          });
          return sendSaveAnswer(reply, answer);
        } catch (err) {
          return sendTenancyError(reply, err);
        }
      },
    });
  }

  app.get(`${ajax}/rates`, async (request, reply) =>
    ratesAnswer(config, (request.query as Record<string, unknown>).sum, 'auto', reply),
  );

  app.post(
    '/tenancy_steps_reconfigured/save_progress',
    { config: { rateLimit: writeLimit } },
    (request, reply) => saveProgressAnswer(services, codec, mailLimits, request, reply),
  );

  app.get(
    '/tenancy_steps_reconfigured/get_uce_configuration',
    { config: { rateLimit: lookupLimit } },
    async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      return partnerAnswer(services, queryString(q.partner_code), reply);
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/tenancy_steps_reconfigured/save_uce_values',
    config: { rateLimit: writeLimit },
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
