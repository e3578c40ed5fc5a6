import type { FastifyReply } from 'fastify';
import { apiError } from '../http/errors';
import { errorKeyMessage } from '../services/rulebook';
import { TenancyError, tenancyErrorStatus } from '../services/tenancies';

/** Error keys of spec §8 as API answers: `{errors: [{code, message}]}` with a fitting status. */
export function sendTenancyError(reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof TenancyError)) throw err;
  const status = tenancyErrorStatus[err.code];
  const message =
    err.code === 'invalid_step'
      ? 'Unbekannter Schritt (step). Erlaubt: start, uce, tenant, landlord, object, payment, selling, check.'
      : errorKeyMessage(err.code);
  return reply.status(status).send(apiError(status, err.code, message));
}

/** A query value as one string (qs may hand arrays or objects for repeated/bracket keys). */
export function queryString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[v.length - 1] === 'string') return v[v.length - 1] as string;
  return undefined;
}
