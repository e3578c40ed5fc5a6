import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index';
import { isReservationValue } from '../services/rulebook';
import { queryString, sendSaveAnswer, sendTenancyError } from './replies';

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
  const { tenancies } = services;
  const newWire = tenancies.codecs.new;

  app.get('/api/tenancies', async (request, reply) => {
    const q = request.query as Query;
    try {
      const data = await tenancies.load(newWire, queryString(q.cid));
      return { data };
    } catch (err) {
      return sendTenancyError(reply, err);
    }
  });

  const save = (method: 'POST' | 'PATCH') =>
    app.route({
      method,
      url: '/api/tenancies',
      config: { rateLimit: writeLimit },
      handler: async (request, reply) => {
        const q = request.query as Query;
        const cid = queryString(q.cid);
        try {
          const answer = await tenancies.save({
            codec: newWire,
            cid: method === 'PATCH' || cid ? (cid ?? '') : undefined,
            reservation: isReservationValue(queryString(q.reservation)),
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
  save('POST');
  save('PATCH');
}
