import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index';
import { sendTenancyError } from '../handlers/replies';

/** Order status of a contract or a reservation (DECISIONS.md paths): {state, orderId, rate, digital}. */
export function registerStatusRoutes(app: FastifyInstance, services: Services): void {
  for (const kind of ['application', 'reservation'] as const) {
    app.get(`/api/${kind}/state/:cid`, async (request, reply) => {
      try {
        const { cid } = request.params as { cid: string };
        return await services.status.status(
          cid,
          kind === 'application' ? 'contract' : 'reservation',
        );
      } catch (err) {
        return sendTenancyError(reply, err);
      }
    });
  }
}
