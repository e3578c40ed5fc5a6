import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer } from '../http/answers';
import { route } from '../http/route';
import { bodyText, edgeObject, type EdgeTypes } from '../http/edge';
import type { RouteLimits } from '../http/rateLimits';
import type { Services } from '../services/index';
import { guaranteeRequestMessage } from '../../domain/messages/guaranteeRequest';
import type { GuaranteeRequestField } from '../../domain/requests/guaranteeRequest';

const requestBody = edgeObject({
  amount: bodyText({ description: 'Deposit in euros (above the online maximum)' }),
  name: bodyText({ description: "Tenant's first and last name" }),
  email: bodyText({ description: 'Address the confirmation and the answer go to' }),
  phone: bodyText({ description: 'Phone for questions (optional)' }),
  message: bodyText({ description: 'Message to the staff (optional)' }),
});

const requestAnswers = {
  201: answer(
    z.object({ reference: z.string() }),
    'Stored for staff; the tenant gets a confirmation e-mail',
  ),
  400: answer(
    z.object({
      errors: z.record(z.string(), z.object({ message: z.array(z.string()) })),
    }),
    'A German message per field (amount, name, email, phone, message)',
  ),
} as const;

/**
 * POST /api/guarantee-requests (spec §2 /start "digital-guarantee support above the maximum
 * deposit", ADR 0836): 201 {reference}, or 400 with a German message per field.
 */
export function registerGuaranteeRequestRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RouteLimits,
  reconfigured: boolean,
): void {
  app.withTypeProvider<EdgeTypes>().post(
    '/api/guarantee-requests',
    route({
      summary:
        'Request an individual digital guarantee above the online maximum deposit (ADR 0836)',
      rateLimit: limits.write,
      body: requestBody,
      answers: requestAnswers,
    }),
    async (request, reply) => {
      const result = await services.guaranteeRequests.create(request.body);
      if ('errors' in result) {
        const errors = Object.fromEntries(
          Object.entries(result.errors).map(([field, code]) => [
            field,
            {
              message: [
                guaranteeRequestMessage(field as GuaranteeRequestField, code, reconfigured),
              ],
            },
          ]),
        );
        return reply.status(400).send({ errors });
      }
      return reply.status(201).send(result);
    },
  );
}
