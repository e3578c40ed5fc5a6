import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../http/errors';
import { apiMessages } from '../texts/api';
import type { Services } from '../services/index';
import type { WireCodec } from '../services/wire';
import { queryString, sendTenancyError } from './replies';

/** Partner lookup answer: `{data: [sub-partners], partner}`; 404 for an unknown code. */
export async function partnerAnswer(services: Services, code: unknown, reply: FastifyReply) {
  const partner = typeof code === 'string' ? await services.partners.find(code.trim()) : undefined;
  if (!partner) {
    return reply.status(404).send(apiError(404, 'unknown_partner', apiMessages.unknownPartner));
  }
  return reply.send({
    // A partner that hides its code hides its sub-partners' codes too: names only (ADR 1111).
    data: partner.hidePartnerCode
      ? partner.subPartners.map(({ name }) => ({ name }))
      : partner.subPartners,
    partner: { code: partner.code, name: partner.name, hidePartnerCode: partner.hidePartnerCode },
  });
}

export async function uceAnswer(
  services: Services,
  codec: WireCodec,
  input: { cid: unknown; body: unknown; partnerCode?: unknown; subPartnerCode?: unknown },
  reply: FastifyReply,
) {
  try {
    return reply.send(await services.uce.save({ codec, ...input }));
  } catch (err) {
    return sendTenancyError(reply, err);
  }
}

/** Partners, sub-partners (uce) and the uce checkout-step call of the new API. */
export function registerPartnerRoutes(
  app: FastifyInstance,
  services: Services,
  writeLimit: object,
  lookupLimit: object,
): void {
  const codec = services.tenancies.codecs.new;
  // Throttled: partner codes must not be enumerable (ADR 1111).
  app.get('/api/partners/:code', { config: { rateLimit: lookupLimit } }, async (request, reply) =>
    partnerAnswer(services, (request.params as { code: string }).code, reply),
  );

  app.post('/api/subpartners', { config: { rateLimit: writeLimit } }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;
    return uceAnswer(
      services,
      codec,
      { cid: queryString(q.cid) ?? queryString(body.cid), body },
      reply,
    );
  });

  // Spec §7 "checkout step endpoint": cid, partnerCode, subPartnerCode, product, step 'uce'.
  app.post('/api/checkout/step', { config: { rateLimit: writeLimit } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.step !== undefined && body.step !== 'uce') {
      return reply.status(400).send(apiError(400, 'invalid_step', apiMessages.onlyStepUce));
    }
    return uceAnswer(services, codec, { cid: queryString(body.cid), body }, reply);
  });
}
