import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, component, described, errorAnswer } from '../http/answers';
import type { EdgeTypes } from '../http/edge';
import { cidPath } from '../http/edgeParams';
import { route } from '../http/route';
import type { Services } from '../services/index';
import { tenancyRefusal } from '../handlers/replies';
import { contractStatuses } from '../../domain/index';

const nullableText = (description: string) => z.nullable(described(z.string(), description));

/** What the result pages read (issue 11, ADR 0925): the order state and the contract's after it. */
const orderStatus = component(
  'OrderStatus',
  z.object({
    state: described(
      z.string(),
      'submitted, created, pending, accepted, declined, withdrawn, cancelled or released. The order states of the spec (submitted, created, pending, accepted, declined); an accepted contract later reports how it ended (withdrawn, cancelled, released). A cancellation waiting for the landlord stays accepted (see contractStatus).',
    ),
    contractStatus: z.nullable(
      described(
        z.enum(contractStatuses),
        'The accepted contract after the sale (ADR 0925); null before acceptance',
      ),
    ),
    orderId: nullableText('Contract number once decided'),
    rate: z.nullable(described(z.number(), 'Euros per payment')),
    digital: z.boolean(),
    partnerCode: nullableText('Checked partner code of the application (vm_id, field or API)'),
    subPartnerCode: nullableText('Checked sub-partner code (uvm_id, uce step or API)'),
    paymentConditions: z.nullable(
      described(
        z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(12)]),
        'Payments per year of `rate`',
      ),
    ),
    deliverTo: nullableText('objectAddresss, legalAddress, landlordAddress or digital'),
    firstDebitDate: nullableText(
      'Expected first debit (about 14 days after the application, YYYY-MM-DD), accepted only',
    ),
    reservedUntil: nullableText('Last day an accepted reservation holds (YYYY-MM-DD)'),
    documents: z.optional(
      described(
        z.array(
          z.object({
            kind: z.string(),
            title: z.string(),
            url: z.string(),
            expiresAt: z.optional(z.string()),
          }),
        ),
        'Once accepted: the documents to download (expiring signed paths) and the legal texts',
      ),
    ),
  }),
);

const statusAnswers = {
  200: answer(orderStatus, 'Status'),
  404: errorAnswer('unknown'),
  409: errorAnswer('not_submitted: the application has not been submitted yet (no order state)'),
  410: errorAnswer('days_to_keep_data_exceeded or reservation_expired'),
} as const;

/** Order status of a contract or a reservation (DECISIONS.md paths): {state, orderId, rate, digital}. */
export function registerStatusRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<EdgeTypes>();
  for (const kind of ['application', 'reservation'] as const) {
    api.get(
      `/api/${kind}/state/:cid`,
      route({
        summary: `Order status of a ${kind === 'application' ? 'contract' : 'reservation'}`,
        params: cidPath,
        answers: statusAnswers,
      }),
      async (request) => {
        try {
          return await services.status.status(
            request.params.cid,
            kind === 'application' ? 'contract' : 'reservation',
          );
        } catch (err) {
          throw tenancyRefusal(err);
        }
      },
    );
  }
}
