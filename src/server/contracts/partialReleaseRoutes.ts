import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, described, errorAnswer } from '../http/answers';
import { bodyText, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
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
 * same access as the full release; answers `{ remainingCents }` or throws the contract API's errors (ContractError).
 */
export function registerPartialReleaseRoutes(
  root: FastifyInstance,
  deps: ContractServiceDeps,
  opts: { writeLimit: object },
): void {
  const app = root.withTypeProvider<EdgeTypes>();
  app.post(
    '/api/contracts/verification/:token/partial-release',
    route({
      summary:
        'Partial release (Teilfreigabe, ADR 1255): release all but `retained` euros kept for the utility-cost settlement; same code as the release',
      rateLimit: opts.writeLimit,
      params: tokenParams,
      body: partialReleaseBody,
      answers: {
        200: answer(
          z.object({
            remainingCents: described(
              z.number().check(z.int()),
              'What the guarantee still covers: the amount retained',
            ),
          }),
          'Partially released',
        ),
        400: errorAnswer('required, not_positive, not_below_remaining, wrong_code'),
        404: errorAnswer('unknown'),
        409: errorAnswer('not_in_force, already_partial'),
        429: errorAnswer(
          'locked: ten wrong codes; too_many_requests: too many requests from this client',
        ),
      },
    }),
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // Refusals are ContractErrors, answered by the one error handler (http/errors.ts).
      return reply.send(await partialRelease(deps, req.params.token, req.body, req.ip));
    },
  );
}
