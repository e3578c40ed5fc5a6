import type { FastifyInstance } from 'fastify';
import { staffSignInLimit } from '../http/rateLimits';
import { staffApiErrors } from '../texts/staff';
import { sessionCookieFor } from './authRoutes';
import type { StaffDeps } from './context';
import { cookieOf } from '../http/cookies';
import { staffError } from './guard';
import { clearedOidcCookie, finishOidc, OIDC_COOKIE, OidcError, startOidc } from './oidc';

/**
 * Which sign-in methods the page offers, and the OpenID Connect round trip (ADR 1207). Both are
 * browser navigations (GET): the start sends the browser to the provider, the callback back to
 * /intern, signed in or with `?sso=<reason>` the page shows in German.
 */
export function registerStaffOidcRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const secure = () => deps.config.publicUrl.startsWith('https:');
  const limited = {
    config: {
      staff: 'public',
      rateLimit: staffSignInLimit(deps.config, staffApiErrors.too_many_sign_ins),
    },
  } as const;

  app.get('/api/staff/auth/methods', { config: { staff: 'public' } }, async (_req, reply) =>
    reply.send({ passkey: true, oidc: deps.config.staffOidc !== undefined }),
  );

  app.get('/api/staff/auth/oidc/start', limited, async (req, reply) => {
    const oidc = deps.config.staffOidc;
    if (!oidc) return staffError(reply, 404, 'oidc_not_configured');
    let started;
    try {
      started = await startOidc(oidc, {
        publicUrl: deps.config.publicUrl,
        secret: deps.config.serverSecret,
        secure: secure(),
        now: deps.clock.now(),
      });
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'OpenID provider not reachable');
      return reply.redirect('/intern?sso=oidc_failed', 303);
    }
    reply.header('set-cookie', started.cookie);
    return reply.redirect(started.location, 303);
  });

  app.get('/api/staff/auth/oidc/callback', limited, async (req, reply) => {
    const oidc = deps.config.staffOidc;
    if (!oidc) return staffError(reply, 404, 'oidc_not_configured');
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const cookies = [clearedOidcCookie(secure())];
    try {
      const member = await finishOidc(deps.db, oidc, {
        publicUrl: deps.config.publicUrl,
        secret: deps.config.serverSecret,
        query,
        cookie: cookieOf(req, OIDC_COOKIE),
        now: deps.clock.now(),
      });
      cookies.push(await sessionCookieFor(deps, member, req.id, 'oidc'));
      reply.header('set-cookie', cookies);
      return await reply.redirect('/intern', 303);
    } catch (err) {
      if (!(err instanceof OidcError)) throw err;
      req.log.warn({ reason: err.code }, 'staff OpenID Connect sign-in refused');
      reply.header('set-cookie', cookies);
      return reply.redirect(`/intern?sso=${err.code}`, 303);
    }
  });
}
