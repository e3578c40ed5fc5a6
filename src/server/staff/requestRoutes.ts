import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, errorAnswer } from '../http/answers';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { listPage } from '../../domain/staff/listPage';
import { pageQuery, pageSize } from './keyset';
import { openGuaranteeRequests } from '../services/guaranteeRequests';
import { openGuaranteeRequest } from '../../domain/requests/openRequest';
import { guaranteeRequestReferencePattern } from '../../domain/rules/patterns';
import { auditOf, type StaffDeps } from './context';
import { staffRefusal } from './guard';

const referenceParams = edgeObject({
  reference: pathParam({ description: 'The request reference, AN-7F3A92C1B04D' }),
});

/**
 * Requests for an individual digital guarantee (issue 31 item 1, ADR 0836, ADR 1206): staff list
 * the open ones (an audited read of personal data) and mark one answered; answered_at starts the
 * DATA_RETENTION_DAYS after which the nightly deletion removes it.
 */
export function registerStaffRequestRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();

  api.get(
    '/api/staff/requests',
    route({
      summary:
        'The open requests for an individual guarantee, oldest first, a page at a time (audited)',
      staff: 'cases.read',
      querystring: pageQuery,
      answers: { 200: answer(listPage(openGuaranteeRequest), 'One page, oldest first') },
    }),
    async (req) => {
      const found = await openGuaranteeRequests(
        deps.db,
        req.query.after,
        pageSize(req.query.limit),
      );
      await auditOf(deps, req)('queue.read', {
        details: { queue: 'requests', count: found.items.length },
      });
      return found;
    },
  );

  api.post(
    '/api/staff/requests/:reference/answered',
    route({
      summary: 'Marks a request answered (its deletion period starts)',
      staff: 'cases.decide',
      params: referenceParams,
      answers: {
        200: answer(
          z.object({
            reference: z.string(),
            state: z.literal('answered'),
            answeredAt: z.string(),
          }),
          'Answered',
        ),
        404: errorAnswer('not_found: no open request with this reference'),
      },
    }),
    async (req) => {
      const reference = req.params.reference;
      // A malformed reference answers like an unknown one.
      if (!guaranteeRequestReferencePattern.test(reference)) throw staffRefusal(404, 'not_found');
      const now = deps.clock.now();
      const r = await deps.db.executeSql(
        `UPDATE guarantee_requests SET state = 'answered', answered_at = $2::timestamptz
          WHERE reference = $1 AND state = 'open' RETURNING reference`,
        [reference, now.toISOString()],
      );
      if (r.rows.length === 0) throw staffRefusal(404, 'not_found');
      await auditOf(deps, req)('request.answered', { details: { reference } });
      return { reference, state: 'answered' as const, answeredAt: now.toISOString() };
    },
  );
}
