import type { FastifyInstance } from 'fastify';
import type { EdgeTypes } from '../http/edge';
import { cidPath } from '../http/edgeParams';
import type { Services } from '../services/index';
import { sendTenancyError } from '../handlers/replies';

/** Order status of a contract or a reservation (DECISIONS.md paths): {state, orderId, rate, digital}. */
export function registerStatusRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<EdgeTypes>();
  for (const kind of ['application', 'reservation'] as const) {
    api.get(`/api/${kind}/state/:cid`, { schema: { params: cidPath } }, async (request, reply) => {
      try {
        return await services.status.status(
          request.params.cid,
          kind === 'application' ? 'contract' : 'reservation',
        );
      } catch (err) {
        return sendTenancyError(reply, err);
      }
    });
  }
}
