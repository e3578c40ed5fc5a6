import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AnswerMismatch, HttpError } from './errors';
import { isApiPath } from './security';
import type { PartnerCaller, PartnerKeyService } from '../partnerApi/keys';
import { partnerApiErrors, type PartnerApiErrorCode } from '../texts/api';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the call carried a valid partner key (Authorization: Bearer ...). */
    partner: PartnerCaller | null;
  }
}

/**
 * The partner of a route declared `partnerKey: 'required'`: the guard has refused every call
 * without a valid key before the handler runs.
 */
export function partnerOf(request: FastifyRequest): PartnerCaller {
  if (!request.partner)
    throw new AnswerMismatch(
      `${request.method} ${request.routeOptions.url ?? ''} reads partnerOf(request) but does not declare partnerKey: 'required' in route() (http/route.ts)`,
      'undeclared_guard',
    );
  return request.partner;
}

/** Is this an authenticated partner call? (The browser write limit lets these pass.) */
export const isPartnerCall = (request: FastifyRequest): boolean => request.partner !== null;

/** The refusal the hook throws (answered by the one error handler, http/errors.ts). */
function refusal(reply: FastifyReply, status: number, code: PartnerApiErrorCode): HttpError {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="api", error="invalid_token"');
  return new HttpError(status, code, partnerApiErrors[code]);
}

/**
 * Partner authentication (ADR 0710): a call to the API with an Authorization header must carry a
 * valid, unrevoked key, or it is refused with 401; there is no silent fallback to the browser
 * path. Without the header nothing changes. Authenticated calls skip the captcha and bot checks
 * (see TenancyService) and the per-client write limit, and have their own limit per key.
 * A route declared with `partnerKey: 'required'` (http/route.ts) is for partners only: without
 * the header it answers 401 `partner_key_required` before its handler runs, so the handler can
 * read `partnerOf(request)` (ADR 1265). Must be registered after @fastify/rate-limit and before
 * the routes.
 */
export function registerPartnerAuth(
  app: FastifyInstance,
  keys: PartnerKeyService,
  limit: { max: number; timeWindow: string },
): void {
  app.decorateRequest('partner', null);
  // Its own counter in the shared store (ADR 1114: the groupId is the counter's purpose).
  const perKey = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => request.partner?.keyId ?? '',
    groupId: 'partner_key',
  } as CreateRateLimitOptions);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined) {
      if (request.routeOptions.config.partnerKey === 'required')
        throw refusal(reply, 401, 'partner_key_required');
      return;
    }
    if (!isApiPath(request.url)) return;
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match) throw refusal(reply, 401, 'invalid_authorization');
    const caller = await keys.authenticate(match[1]!);
    if (!caller) throw refusal(reply, 401, 'invalid_api_key');
    request.partner = caller;
    const verdict = await perKey(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(Math.ceil(verdict.ttl / 1000)));
      throw refusal(reply, 429, 'partner_rate_limited');
    }
  });
}
