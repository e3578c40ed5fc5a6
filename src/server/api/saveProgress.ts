import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services/index';
import type { WireCodec } from '../services/wire';
import { sendTenancyError } from './replies';

/** Save progress ("Später fortfahren"): body cid, step, email; mails the resume link. */
export async function saveProgressAnswer(
  services: Services,
  codec: WireCodec,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const q = request.query as Record<string, unknown>;
  const cid = body.cid ?? q.cid;
  try {
    const host = request.headers.host ?? 'localhost';
    const errors = await services.saveProgress.send({
      cid,
      step: body.step ?? q.step,
      email: body.email,
      baseUrl: `${request.protocol}://${host}`,
    });
    const mapped = Object.fromEntries(
      Object.entries(codec.encodeErrors(errors, services.tenancies.emptyModel())).map(([, v]) => [
        'email',
        { ...v, value: typeof body.email === 'string' ? body.email : null },
      ]),
    );
    return reply.send({ cid, errors: mapped, sent: Object.keys(mapped).length === 0 });
  } catch (err) {
    return sendTenancyError(reply, err);
  }
}

export function registerSaveProgressRoutes(
  app: FastifyInstance,
  services: Services,
  writeLimit: object,
): void {
  app.post('/api/saveprogress', { config: { rateLimit: writeLimit } }, (request, reply) =>
    saveProgressAnswer(services, services.tenancies.codecs.new, request, reply),
  );
}
