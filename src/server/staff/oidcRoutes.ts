import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, errorAnswer, redirectAnswer } from '../http/answers';
import { cookieOf } from '../http/cookies';
import { edgeObject, queryText, type EdgeTypes } from '../http/edge';
import { staffSignInLimit } from '../http/rateLimits';
import { route } from '../http/route';
import { staffApiErrors } from '../texts/staff';
import { signInStepAnswers } from './answers';
import { sessionCookieFor } from './authRoutes';
import type { StaffDeps } from './context';
import { staffRefusal } from './guard';
import { clearedOidcCookie, finishOidc, OIDC_COOKIE, OidcError, startOidc } from './oidc';

/** What the provider sends back; the handler hands the whole query to openid-client. */
const callbackQuery = edgeObject({
  code: queryText({ description: 'Authorization code' }),
  state: queryText({ description: 'The state of the sign-in this browser started' }),
  iss: queryText({ description: 'Issuer (RFC 9207), when the provider sends it' }),
  error: queryText({ description: "The provider's refusal, instead of a code" }),
});

const notConfigured = errorAnswer('oidc_not_configured: no OpenID provider is set up');

/**
 * Which sign-in methods the page offers, and the OpenID Connect round trip (ADR 1207). Both are
 * browser navigations (GET): the start sends the browser to the provider, the callback back to
 * /intern, signed in or with `?sso=<reason>` the page shows in German.
 */
export function registerStaffOidcRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();
  const secure = () => deps.config.publicUrl.startsWith('https:');
  // The round trip counts into the sign-in limit (ADR 1207).
  const rateLimit = staffSignInLimit(deps.config, staffApiErrors.too_many_sign_ins);

  api.get(
    '/api/staff/auth/methods',
    route({
      summary: 'The sign-in methods the page offers',
      staff: 'public',
      answers: {
        200: answer(
          z.object({ passkey: z.literal(true), oidc: z.boolean() }),
          'Passkeys always; single sign-on when an OpenID provider is set up',
        ),
      },
    }),
    async () => ({ passkey: true as const, oidc: deps.config.staffOidc !== undefined }),
  );

  api.get(
    '/api/staff/auth/oidc/start',
    route({
      summary: 'Single sign-on: sends the browser to the OpenID provider',
      staff: 'public',
      rateLimit,
      answers: {
        303: redirectAnswer(
          'To the provider (a transaction cookie is set)',
          "The provider's authorization endpoint; /intern?sso=oidc_failed when it cannot be reached",
        ),
        404: notConfigured,
        ...signInStepAnswers,
      },
    }),
    async (req, reply) => {
      const oidc = deps.config.staffOidc;
      if (!oidc) throw staffRefusal(404, 'oidc_not_configured');
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
    },
  );

  api.get(
    '/api/staff/auth/oidc/callback',
    route({
      summary: "Single sign-on: the provider's answer; signs in and goes back to the back office",
      staff: 'public',
      rateLimit,
      querystring: callbackQuery,
      answers: {
        303: redirectAnswer(
          'Back to the back office (the session cookie is set when signed in)',
          '/intern, or /intern?sso=<reason> (oidc_state, oidc_unknown, oidc_unverified, oidc_failed)',
        ),
        404: notConfigured,
        ...signInStepAnswers,
      },
    }),
    async (req, reply) => {
      const oidc = deps.config.staffOidc;
      if (!oidc) throw staffRefusal(404, 'oidc_not_configured');
      // openid-client checks the answer as sent (state, iss, code), so it gets the raw query.
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
    },
  );
}
