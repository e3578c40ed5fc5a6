import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, described } from '../http/answers';
import { route } from '../http/route';
import { loadErrors } from '../handlers/answerSchemas';
import type { Config } from '../config';
import { firstMandateReferenceOf } from '../contracts/credentials';
import { edgeObject, type EdgeTypes } from '../http/edge';
import { cidParam } from '../http/edgeParams';
import { tenancyRefusal } from '../handlers/replies';
import type { Services } from '../services/index';

const cidQuery = edgeObject({ cid: cidParam });
const mandateAnswers = {
  200: answer(
    z.object({
      creditorId: z.string(),
      mandateReference: described(
        z.string().check(z.maxLength(35)),
        'The debits carry this reference',
      ),
    }),
    'The mandate the final submission grants',
  ),
  ...loadErrors,
} as const;

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
  app.withTypeProvider<EdgeTypes>().get(
    '/api/mandate',
    route({
      summary:
        'SEPA mandate of an application for the check step: creditor id and mandate reference (ADR 0832)',
      querystring: cidQuery,
      answers: mandateAnswers,
    }),
    async (request) => {
      try {
        const row = await services.tenancies.open(request.query.cid, { forEdit: false });
        return {
          creditorId: config.sepaCreditorId,
          mandateReference: firstMandateReferenceOf(row.id),
        };
      } catch (err) {
        throw tenancyRefusal(err);
      }
    },
  );
}
