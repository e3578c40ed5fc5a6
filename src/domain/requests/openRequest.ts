import * as z from 'zod/mini';

/**
 * One open request for an individual guarantee as the back office lists it (GET
 * /api/staff/requests, ADR 1206): the server's answer schema and, as its type, what the page
 * reads. Written once here so the two cannot drift; dates travel as ISO strings.
 */
export const openGuaranteeRequest = z.object({
  /** AN-… (guaranteeRequestReferencePattern). */
  reference: z.string(),
  amountCents: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  message: z.nullable(z.string()),
  state: z.literal('open'),
  /** When the tenant sent it (ISO 8601). */
  createdAt: z.string(),
});

export type OpenGuaranteeRequest = z.output<typeof openGuaranteeRequest>;
