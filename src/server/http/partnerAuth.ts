import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, header: string) => {
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
  };
  // A callback hook: a call without the header (every browser call) costs no promise (ADR 1336).
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.authorization;
    if (header === undefined || !isApiPath(request.url)) return done();
    authenticate(request, reply, header).then(() => done(), done);
  });
  // Partner-only routes refuse a call without the header; the check is added to those routes alone
  // (ADR 1336), ahead of their own hooks (their rate limit), as the app-wide hook ran before them.
  const keyRequired: onRequestHookHandler = (request, reply, done) => {
    if (request.headers.authorization === undefined)
      return done(refusal(reply, 401, 'partner_key_required'));
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.partnerKey !== 'required') return;
    route.onRequest = [keyRequired, ...[route.onRequest ?? []].flat()];
  });
}
