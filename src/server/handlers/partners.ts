import type { FastifyReply } from 'fastify';
import { apiMessages } from '../texts/api';
import { HttpError } from '../http/errors';
import type { Services } from '../services/index';
import type { WireCodec } from '../services/wire';
import { tenancyRefusal } from './replies';

/** Partner lookup answer: `{data: [sub-partners], partner}`; 404 for an unknown code. */
export async function partnerAnswer(services: Services, code: unknown, reply: FastifyReply) {
  const partner = typeof code === 'string' ? await services.partners.find(code.trim()) : undefined;
  if (!partner) throw new HttpError(404, 'unknown_partner', apiMessages.unknownPartner);
  return reply.send({
    // A partner that hides its code hides its sub-partners' codes too: names only (ADR 1111).
    data: partner.hidePartnerCode
      ? partner.subPartners.map(({ name }) => ({ name }))
      : partner.subPartners,
    partner: { code: partner.code, name: partner.name, hidePartnerCode: partner.hidePartnerCode },
  });
}

/** A uce save (partner and sub-partner codes of an application) as a save answer. */
export async function uceAnswer(
  services: Services,
  codec: WireCodec,
  input: { cid: unknown; body: unknown; partnerCode?: unknown; subPartnerCode?: unknown },
  reply: FastifyReply,
) {
  try {
    return reply.send(await services.uce.save({ codec, ...input }));
  } catch (err) {
    throw tenancyRefusal(err);
  }
}
