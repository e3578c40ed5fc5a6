import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { staffSignInLimit } from '../http/rateLimits';
import { staffApiErrors } from '../texts/staff';
import { staffRoleLabels } from '../../domain/staff/roles';
import { writeAudit } from './audit';
import type { StaffDeps } from './context';
import { enrolmentMember } from './directory';
import { currentCaller, staffError } from './guard';
import {
  enrolmentOptions,
  finishEnrolment,
  finishSignIn,
  PasskeyError,
  signInOptions,
} from './passkeys';
import { clearedStaffCookie, openStaffSession, revokeStaffSession, staffCookie } from './sessions';
import type { StaffRow } from '../db/schema/index';

type Body = Record<string, unknown>;
const text = (b: unknown, key: string): string => {
  const v = (b as Body | undefined)?.[key];
  return typeof v === 'string' ? v : '';
};
const object = <T>(b: unknown, key: string): T | undefined => {
  const v = (b as Body | undefined)?.[key];
  return v && typeof v === 'object' ? (v as T) : undefined;
};

/** Opens the staff session of a signed-in member (any method), audited; answers its cookie. */
export async function sessionCookieFor(
  deps: StaffDeps,
  member: StaffRow,
  requestId: string,
  method: 'passkey' | 'oidc',
): Promise<string> {
  const now = deps.clock.now();
  const token = await openStaffSession(deps.db, member.id, now);
  await writeAudit(deps.db, {
    staff: member,
    action: 'session.sign_in',
    requestId,
    at: now,
    details: { method },
  });
  return staffCookie(token, deps.config.publicUrl.startsWith('https:'));
}

/** Sign-in with passkeys, enrolment by link, the caller's own session (ADR 1200). */
export function registerStaffAuthRoutes(app: FastifyInstance, deps: StaffDeps): void {
  // Every sign-in step counts into one limit per client (ADR 1207).
  const signIn = {
    config: {
      staff: 'public',
      rateLimit: staffSignInLimit(deps.config, staffApiErrors.too_many_sign_ins),
    },
  } as const;
  const secure = () => deps.config.publicUrl.startsWith('https:');
  const fail = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof PasskeyError)) throw err;
    return staffError(reply, err.code === 'enrolment_invalid' ? 410 : 400, err.code);
  };
  const signedIn = async (reply: FastifyReply, member: StaffRow, requestId: string) => {
    reply.header('set-cookie', await sessionCookieFor(deps, member, requestId, 'passkey'));
    return reply.send({ displayName: member.displayName, role: member.role });
  };

  app.post('/api/staff/enrolment', signIn, async (req, reply) => {
    const member = await enrolmentMember(deps.db, text(req.body, 'token'), deps.clock.now());
    if (!member) return staffError(reply, 410, 'enrolment_invalid');
    return reply.send({ displayName: member.displayName, email: member.email });
  });

  app.post('/api/staff/enrolment/options', signIn, async (req, reply) => {
    try {
      const { options } = await enrolmentOptions(
        deps.db,
        deps.config.publicUrl,
        text(req.body, 'token'),
        deps.clock.now(),
      );
      return reply.send(options);
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.post('/api/staff/enrolment/verify', signIn, async (req, reply) => {
    const response = object<RegistrationResponseJSON>(req.body, 'response');
    if (!response) return staffError(reply, 400, 'passkey_failed');
    try {
      const member = await finishEnrolment(
        deps.db,
        deps.config.publicUrl,
        text(req.body, 'token'),
        response,
        deps.clock.now(),
      );
      return await signedIn(reply, member, req.id);
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.post('/api/staff/sign-in/options', signIn, async (_req, reply) =>
    reply.send(await signInOptions(deps.db, deps.config.publicUrl, deps.clock.now())),
  );

  app.post('/api/staff/sign-in/verify', signIn, async (req, reply) => {
    const response = object<AuthenticationResponseJSON>(req.body, 'response');
    if (!response) return staffError(reply, 400, 'passkey_failed');
    try {
      const member = await finishSignIn(deps.db, deps.config.publicUrl, response, deps.clock.now());
      return await signedIn(reply, member, req.id);
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/api/staff/me', { config: { staff: 'session.own' } }, async (req, reply) => {
    const me = currentCaller(req);
    return reply.send({
      displayName: me.displayName,
      email: me.email,
      role: me.role,
      roleLabel: staffRoleLabels[me.role],
    });
  });

  app.post('/api/staff/sign-out', { config: { staff: 'session.own' } }, async (req, reply) => {
    const me = currentCaller(req);
    const now = deps.clock.now();
    await revokeStaffSession(deps.db, me.sessionHash, now);
    await writeAudit(deps.db, {
      staff: me,
      action: 'session.sign_out',
      requestId: req.id,
      at: now,
    });
    reply.header('set-cookie', clearedStaffCookie(secure()));
    return reply.code(204).send();
  });
}
