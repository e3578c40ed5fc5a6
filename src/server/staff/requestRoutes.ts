import type { FastifyInstance } from 'fastify';
import { openGuaranteeRequests } from '../services/guaranteeRequests';
import { auditOf, type StaffDeps } from './context';
import { staffError } from './guard';

/**
 * Requests for an individual digital guarantee (issue 31 item 1, ADR 0836, ADR 1206): staff list
 * the open ones (an audited read of personal data) and mark one answered; answered_at starts the
 * DATA_RETENTION_DAYS after which the nightly deletion removes it.
 */
export function registerStaffRequestRoutes(app: FastifyInstance, deps: StaffDeps): void {
  app.get('/api/staff/requests', { config: { staff: 'cases.read' } }, async (req, reply) => {
    const items = await openGuaranteeRequests(deps.db);
    await auditOf(deps, req)('queue.read', { details: { queue: 'requests', count: items.length } });
    return reply.send({ items });
  });

  app.post<{ Params: { reference: string } }>(
    '/api/staff/requests/:reference/answered',
    { config: { staff: 'cases.decide' } },
    async (req, reply) => {
      const reference = req.params.reference;
      if (!/^AN-[0-9A-F]{12}$/.test(reference)) return staffError(reply, 404, 'not_found');
      const now = deps.clock.now();
      const r = await deps.db.executeSql(
        `UPDATE guarantee_requests SET state = 'answered', answered_at = $2::timestamptz
          WHERE reference = $1 AND state = 'open' RETURNING reference`,
        [reference, now.toISOString()],
      );
      if (r.rows.length === 0) return staffError(reply, 404, 'not_found');
      await auditOf(deps, req)('request.answered', { details: { reference } });
      return reply.send({ reference, state: 'answered', answeredAt: now });
    },
  );
}
