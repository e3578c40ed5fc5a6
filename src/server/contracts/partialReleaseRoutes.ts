import type { FastifyInstance } from 'fastify';
import { bodyText, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { ContractError } from './contractError';
import { partialRelease } from './partialRelease';
import type { ContractServiceDeps } from './context';

const tokenParams = edgeObject({ token: pathParam({ description: 'Verification token' }) });
const partialReleaseBody = edgeObject({
  code: bodyText({ description: "Release code of the landlord's letter (ADR 1119)" }),
  retained: bodyText({
    description: 'Amount in euros the landlord keeps for the utility-cost settlement, e.g. 450,00',
  }),
});

/**
 * POST /api/contracts/verification/:token/partial-release (issue 26 item 5, ADR 1255): the
 * same access as the full release; answers `{ remainingCents }` or the contract API's errors.
 */
export function registerPartialReleaseRoutes(
  root: FastifyInstance,
  deps: ContractServiceDeps,
  opts: { writeLimit: object },
): void {
  const app = root.withTypeProvider<EdgeTypes>();
  app.post(
    '/api/contracts/verification/:token/partial-release',
    {
      config: { rateLimit: opts.writeLimit },
      schema: { params: tokenParams, body: partialReleaseBody },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return reply.send(await partialRelease(deps, req.params.token, req.body, req.ip));
      } catch (err) {
        if (!(err instanceof ContractError)) throw err;
        return reply.code(err.status).send({
          errors: [
            { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
          ],
        });
      }
    },
  );
}
