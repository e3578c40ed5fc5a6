import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ContractError, ContractService } from '../contracts/service';
import { answer } from '../http/answers';
import { edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { staffActor } from './audit';
import { applicationIdByNumber } from './cases';
import { auditOf, type StaffDeps } from './context';
import { currentCaller, staffRefusal } from './guard';
import { refusals } from './routeParts';

const params = edgeObject({
  number: pathParam({ description: 'Contract number, e.g. MK-2026-000042' }),
});

/**
 * The original certificate came back by post (issue 27, ADR 0925): like the landlord's release it
 * ends the guarantee, or makes the tenant's pending cancellation effective that day. Staff record
 * it on the contract page; the settlement, the tenant's e-mail, the landlord's letter and the
 * timeline entry (`staff:{name}`) are the release's.
 */
export function registerOriginalReturnedRoute(scope: FastifyInstance, deps: StaffDeps): void {
  const contracts = new ContractService({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    serverSecret: deps.config.serverSecret,
    sepaCreditorId: deps.config.sepaCreditorId,
    publicUrl: () => deps.config.publicUrl,
    ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
  });
  scope.withTypeProvider<EdgeTypes>().post(
    '/api/staff/contracts/:number/original-returned',
    route({
      summary: 'Record that the original certificate came back (ends the guarantee)',
      staff: 'contracts.original',
      params,
      answers: {
        200: answer(z.object({ number: z.string() }), 'Recorded; the guarantee has ended'),
        404: refusals(['not_found'], 'no live contract with this number'),
        409: refusals(['not_in_force'], 'the guarantee is no longer in force'),
      },
    }),
    async (req) => {
      const number = req.params.number;
      const applicationId = await applicationIdByNumber(deps.db, number);
      if (!applicationId) throw staffRefusal(404, 'not_found');
      try {
        await contracts.originalReturned(applicationId, staffActor(currentCaller(req).displayName));
      } catch (err) {
        if (err instanceof ContractError) throw staffRefusal(409, 'not_in_force');
        throw err;
      }
      await auditOf(deps, req)('contract.original_returned', {
        applicationId,
        contractNumber: number,
      });
      return { number };
    },
  );
}
