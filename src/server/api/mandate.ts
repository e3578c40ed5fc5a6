import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { firstMandateReferenceOf } from '../contracts/credentials';
import { edgeObject, type EdgeTypes } from '../http/edge';
import { cidParam } from '../http/edgeParams';
import { sendTenancyError } from '../handlers/replies';
import type { Services } from '../services/index';

const cidQuery = edgeObject({ cid: cidParam });

/**
 * The SEPA mandate the check step shows (DECISIONS.md): creditor identifier and mandate reference
 * of the application, before the contract number exists; the contract's debits carry the same
 * reference (ADR 0832). Both API generations' web apps call it.
 */
export function registerMandateRoutes(
  app: FastifyInstance,
  config: Config,
  services: Services,
): void {
  app
    .withTypeProvider<EdgeTypes>()
    .get('/api/mandate', { schema: { querystring: cidQuery } }, async (request, reply) => {
      try {
        const row = await services.tenancies.open(request.query.cid, { forEdit: false });
        return {
          creditorId: config.sepaCreditorId,
          mandateReference: firstMandateReferenceOf(row.id),
        };
      } catch (err) {
        return sendTenancyError(reply, err);
      }
    });
}
