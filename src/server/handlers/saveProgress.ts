import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SaveProgressLimits } from '../http/rateLimits';
import type { Services } from '../services/index';
import type { WireCodec } from '../services/wire';
import { fieldMessage } from '../services/rulebook';
import { tenancyRefusal } from './replies';

/** What a save-progress call sends (http/edgeParams.ts checks its form). */
interface SaveProgressInput {
  cid?: string;
  step?: string;
  email?: string;
}

/**
 * Save progress ("Später fortfahren"): cid, step and email in the body (cid and step may come in
 * the query instead; the body wins); mails the resume link.
 */
export async function saveProgressAnswer(
  services: Services,
  codec: WireCodec,
  limits: SaveProgressLimits,
  request: FastifyRequest & { body: SaveProgressInput; query: Omit<SaveProgressInput, 'email'> },
  reply: FastifyReply,
) {
  const cid = request.body.cid ?? request.query.cid;
  const step = request.body.step ?? request.query.step;
  const email = request.body.email;
  const emailValue = email ?? null;
  try {
    if (email !== undefined && email.trim() !== '') {
      for (const limit of [limits.perClient, limits.perAddress]) {
        const r = await limit(request);
        if (!r.isAllowed && r.isExceeded) {
          return reply
            .status(429)
            .header('retry-after', String(r.ttlInSeconds ?? 3600))
            .send({
              cid,
              errors: {
                email: {
                  message: [fieldMessage('firstTenant.email', 'tooManyMails')],
                  value: emailValue,
                },
              },
              sent: false,
            });
        }
      }
    }
    const { errors, sent, queued } = await services.saveProgress.send({ cid, step, email });
    const mapped = Object.fromEntries(
      Object.entries(codec.encodeErrors(errors, services.tenancies.emptyModel())).map(([, v]) => [
        'email',
        { ...v, value: emailValue },
      ]),
    );
    // sent: the mail server took it; queued: refused for now, retried until MAIL_RETRY_HOURS.
    return reply.send({ cid, errors: mapped, sent, ...(queued ? { queued } : {}) });
  } catch (err) {
    throw tenancyRefusal(err);
  }
}
