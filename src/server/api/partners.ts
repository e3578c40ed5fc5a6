import type { FastifyInstance } from 'fastify';
import { route } from '../http/route';
import { partnerLookupAnswers, saveAnswers } from '../handlers/answerSchemas';
import { apiMessages } from '../texts/api';
import * as z from 'zod/mini';
import { bodyText, edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { cidParam } from '../http/edgeParams';
import type { RouteLimits } from '../http/rateLimits';
import { partnerAnswer, uceAnswer } from '../handlers/partners';
import type { Services } from '../services/index';

const partnerParams = edgeObject({ code: pathParam({ description: 'Partner code (vm_id)' }) });
const cidQuery = edgeObject({ cid: cidParam });
/** The uce values; the codes themselves are read by the uce service (its field errors). */
const uceBody = edgeObject({
  cid: bodyText({ description: 'Session id' }),
  partnerCode: bodyText({ description: 'Partner code' }),
  subPartnerCode: bodyText({ description: 'Sub-partner code' }),
  product: bodyText({ description: "Partner's product name" }),
});
/** Spec §7: PUT /api/subpartners takes `partner_code` plus the values (here in new-API names). */
const subPartnersBody = edgeObject({
  ...uceBody.def.shape,
  partner_code: bodyText({ description: 'Partner code (spec §7 name; wins over partnerCode)' }),
});
const checkoutStepBody = edgeObject({
  ...uceBody.def.shape,
  step: z.optional(z.enum(['uce'])).register(edgeMeta, {
    description: 'Only uce',
    code: 'invalid_step',
    message: apiMessages.onlyStepUce,
  }),
});

/** Partners, sub-partners (uce) and the uce checkout-step call of the new API. */
export function registerPartnerRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RouteLimits,
): void {
  const api = app.withTypeProvider<EdgeTypes>();
  const codec = services.tenancies.codecs.new;
  // Throttled: partner codes must not be enumerable (ADR 1111).
  api.get(
    '/api/partners/:code',
    route({
      summary: 'Partner lookup: its sub-partners',
      rateLimit: limits.lookup,
      params: partnerParams,
      querystring: cidQuery,
      answers: partnerLookupAnswers,
    }),
    async (request, reply) => partnerAnswer(services, request.params.code, reply),
  );

  // Spec §7: PUT with body partner_code plus the values, answering cid, errors, skip_to. POST
  // stays for callers of the earlier shape (partnerCode).
  api.route({
    method: ['PUT', 'POST'],
    url: '/api/subpartners',
    ...route({
      summary: 'Save partner and sub-partner codes (uce step): body partner_code plus values',
      description:
        'PUT is the shape of spec §7; POST stays for callers of the earlier shape (partnerCode).',
      rateLimit: limits.write,
      querystring: cidQuery,
      body: subPartnersBody,
      answers: saveAnswers,
    }),
    handler: async (request, reply) =>
      uceAnswer(
        services,
        codec,
        {
          cid: request.query.cid ?? request.body.cid,
          body: request.body,
          partnerCode: request.body.partner_code,
        },
        reply,
      ),
  });

  // Spec §7 "checkout step endpoint": cid, partnerCode, subPartnerCode, product (the page's
  // product selection, kept like the save's, ADR 0831), step 'uce'. The web does not read it.
  api.post(
    '/api/checkout/step',
    route({
      summary: 'Checkout step call of the uce step',
      rateLimit: limits.write,
      body: checkoutStepBody,
      answers: saveAnswers,
    }),
    async (request, reply) => {
      const { cid, product } = request.body;
      // Before the answer: a known cid's application keeps the first product named.
      if (cid && product) await services.products.recordFirstForCid(cid, product);
      return uceAnswer(services, codec, { cid, body: request.body }, reply);
    },
  );
}
