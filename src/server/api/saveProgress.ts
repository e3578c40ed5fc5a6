import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services/index';
import type { WireCodec } from '../services/wire';
import { fieldMessage } from '../services/rulebook';
import { sendTenancyError } from './replies';

type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** The two mail limits of "Später fortfahren": per client address and per recipient address. */
export interface SaveProgressLimits {
  perClient: Limiter;
  perAddress: Limiter;
}

/** The recipient as a counter key (the counter store keeps only its HMAC, ADR 1114). */
const addressKey = (email: string) => email.trim().toLowerCase();

/** A limit with a counter of its own (the store's purpose is the groupId, ADR 1114). */
const ownCounter = (groupId: string, options: CreateRateLimitOptions) =>
  ({ ...options, groupId }) as CreateRateLimitOptions;

/**
 * The save-progress mail limits (ADR 1105): a client may ask for SAVE_PROGRESS_MAILS_PER_CLIENT
 * mails and an address may receive SAVE_PROGRESS_MAILS_PER_ADDRESS mails an hour, so the form
 * cannot be used to send our mails to strangers in bulk.
 */
export function createSaveProgressLimits(app: FastifyInstance, config: Config): SaveProgressLimits {
  return {
    perClient: app.createRateLimit(
      ownCounter('save_progress_client', {
        max: config.saveProgressMailsPerClient,
        timeWindow: '1 hour',
        keyGenerator: (request) => request.ip,
      }),
    ),
    perAddress: app.createRateLimit(
      ownCounter('save_progress_address', {
        max: config.saveProgressMailsPerAddress,
        timeWindow: '1 hour',
        keyGenerator: (request) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          return addressKey(typeof body.email === 'string' ? body.email : '');
        },
      }),
    ),
  };
}

/** Save progress ("Später fortfahren"): body cid, step, email; mails the resume link. */
export async function saveProgressAnswer(
  services: Services,
  codec: WireCodec,
  limits: SaveProgressLimits,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const q = request.query as Record<string, unknown>;
  const cid = body.cid ?? q.cid;
  const emailValue = typeof body.email === 'string' ? body.email : null;
  try {
    if (typeof body.email === 'string' && body.email.trim() !== '') {
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
    const errors = await services.saveProgress.send({
      cid,
      step: body.step ?? q.step,
      email: body.email,
    });
    const mapped = Object.fromEntries(
      Object.entries(codec.encodeErrors(errors, services.tenancies.emptyModel())).map(([, v]) => [
        'email',
        { ...v, value: emailValue },
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
  limits: SaveProgressLimits,
): void {
  app.post('/api/saveprogress', { config: { rateLimit: writeLimit } }, (request, reply) =>
    saveProgressAnswer(services, services.tenancies.codecs.new, limits, request, reply),
  );
}
