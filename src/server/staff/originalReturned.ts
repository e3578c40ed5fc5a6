import type { FastifyInstance } from 'fastify';
import { ContractError, ContractService } from '../contracts/service';
import { staffActor } from './audit';
import { applicationIdByNumber } from './cases';
import { auditOf, type StaffDeps } from './context';
import { currentCaller, staffError } from './guard';

/**
 * The original certificate came back by post (issue 27, ADR 0925): like the landlord's release it
 * ends the guarantee, or makes the tenant's pending cancellation effective that day. Staff record
 * it on the contract page; the settlement, the tenant's e-mail, the landlord's letter and the
 * timeline entry (`staff:{name}`) are the release's.
 */
export function registerOriginalReturnedRoute(app: FastifyInstance, deps: StaffDeps): void {
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
  app.post<{ Params: { number: string } }>(
    '/api/staff/contracts/:number/original-returned',
    { config: { staff: 'contracts.original' } },
    async (req, reply) => {
      const number = req.params.number;
      const applicationId = await applicationIdByNumber(deps.db, number);
      if (!applicationId) return staffError(reply, 404, 'not_found');
      try {
        await contracts.originalReturned(applicationId, staffActor(currentCaller(req).displayName));
      } catch (err) {
        if (err instanceof ContractError) return staffError(reply, 409, 'not_in_force');
        throw err;
      }
      await auditOf(deps, req)('contract.original_returned', {
        applicationId,
        contractNumber: number,
      });
      return reply.send({ number });
    },
  );
}
