import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import * as z from 'zod/mini';
import { answer, emptyAnswer, errorAnswer } from '../http/answers';
import { bodyText, edgeMeta, edgeObject, type EdgeTypes } from '../http/edge';
import { staffSignInLimit } from '../http/rateLimits';
import { route } from '../http/route';
import { staffApiErrors } from '../texts/staff';
import { signedInMember } from '../../domain/staff/members';
import { staffRoleLabels, staffRoles } from '../../domain/staff/roles';
import { publicChangeAnswers, signInStepAnswers } from './answers';
import { writeAudit } from './audit';
import type { StaffDeps } from './context';
import { enrolmentMember } from './directory';
import { currentCaller, staffRefusal } from './guard';
import {
  enrolmentOptions,
  finishEnrolment,
  finishSignIn,
  PasskeyError,
  signInOptions,
} from './passkeys';
import { clearedStaffCookie, openStaffSession, revokeStaffSession, staffCookie } from './sessions';
import type { StaffRow } from '../db/schema/index';

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

const enrolmentToken = bodyText({ description: 'The token of the enrolment link (its fragment)' });
/**
 * The browser's WebAuthn answer (navigator.credentials.create/get as JSON). The edge only checks
 * that it is an object; @simplewebauthn/server checks it field by field.
 */
const passkeyAnswer = z.looseObject({}).register(edgeMeta, {
  description: 'The WebAuthn answer of the browser (@simplewebauthn/browser)',
  code: 'passkey_failed',
  message: staffApiErrors.passkey_failed,
});

const enrolmentBody = edgeObject({ token: enrolmentToken });
const enrolmentVerifyBody = edgeObject({ token: enrolmentToken, response: passkeyAnswer });
const signInVerifyBody = edgeObject({ response: passkeyAnswer });

/** The options for navigator.credentials.create() (the keys the page reads; more pass). */
const creationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
});
/** The options for navigator.credentials.get() (discoverable credentials: no user name). */
const requestOptions = z.object({ challenge: z.string(), rpId: z.optional(z.string()) });

const signedInAnswer = answer(
  z.object({ displayName: z.string(), role: z.enum(staffRoles) }),
  'Signed in: the session cookie (mk_staff) is set',
);
const enrolmentInvalid = errorAnswer(
  'enrolment_invalid: the link expired, was used or its member is disabled',
);

/** The link is gone (410) or the passkey did not pass (400). */
const passkeyRefusalStatus = {
  enrolment_invalid: 410,
  passkey_failed: 400,
  passkey_unknown: 400,
} as const satisfies Record<PasskeyError['code'], number>;

/** Sign-in with passkeys, enrolment by link, the caller's own session (ADR 1200). */
export function registerStaffAuthRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();
  // Every sign-in step counts into one limit per client (ADR 1207).
  const rateLimit = staffSignInLimit(deps.config, staffApiErrors.too_many_sign_ins);
  const secure = () => deps.config.publicUrl.startsWith('https:');
  /** A passkey step's refusal as the staff API answers it. */
  const refused = (err: unknown) =>
    err instanceof PasskeyError ? staffRefusal(passkeyRefusalStatus[err.code], err.code) : err;
  const signedIn = async (reply: FastifyReply, member: StaffRow, requestId: string) => {
    reply.header('set-cookie', await sessionCookieFor(deps, member, requestId, 'passkey'));
    return { displayName: member.displayName, role: member.role };
  };

  api.post(
    '/api/staff/enrolment',
    route({
      summary: 'Whose enrolment link this is (the page greets the new member)',
      staff: 'public',
      rateLimit,
      body: enrolmentBody,
      answers: {
        200: answer(z.object({ displayName: z.string(), email: z.string() }), 'The new member'),
        410: enrolmentInvalid,
        ...publicChangeAnswers,
        ...signInStepAnswers,
      },
    }),
    async (req) => {
      const member = await enrolmentMember(deps.db, req.body.token ?? '', deps.clock.now());
      if (!member) throw staffRefusal(410, 'enrolment_invalid');
      return { displayName: member.displayName, email: member.email };
    },
  );

  api.post(
    '/api/staff/enrolment/options',
    route({
      summary: 'Enrolment step 1: the options for creating the passkey',
      staff: 'public',
      rateLimit,
      body: enrolmentBody,
      answers: {
        200: answer(creationOptions, 'PublicKeyCredentialCreationOptionsJSON'),
        410: enrolmentInvalid,
        ...publicChangeAnswers,
        ...signInStepAnswers,
      },
    }),
    async (req) => {
      try {
        const { options } = await enrolmentOptions(
          deps.db,
          deps.config.publicUrl,
          req.body.token ?? '',
          deps.clock.now(),
        );
        return options;
      } catch (err) {
        throw refused(err);
      }
    },
  );

  api.post(
    '/api/staff/enrolment/verify',
    route({
      summary: 'Enrolment step 2: stores the passkey, uses the link up and signs in',
      staff: 'public',
      rateLimit,
      body: enrolmentVerifyBody,
      answers: {
        200: signedInAnswer,
        400: errorAnswer('passkey_failed: the passkey could not be verified'),
        410: enrolmentInvalid,
        ...publicChangeAnswers,
        ...signInStepAnswers,
      },
    }),
    async (req, reply) => {
      try {
        const member = await finishEnrolment(
          deps.db,
          deps.config.publicUrl,
          req.body.token ?? '',
          req.body.response as unknown as RegistrationResponseJSON,
          deps.clock.now(),
        );
        return await signedIn(reply, member, req.id);
      } catch (err) {
        throw refused(err);
      }
    },
  );

  api.post(
    '/api/staff/sign-in/options',
    route({
      summary: 'Sign-in step 1: a challenge for any passkey of this site',
      staff: 'public',
      rateLimit,
      answers: {
        200: answer(requestOptions, 'PublicKeyCredentialRequestOptionsJSON'),
        ...publicChangeAnswers,
        ...signInStepAnswers,
      },
    }),
    async () => signInOptions(deps.db, deps.config.publicUrl, deps.clock.now()),
  );

  api.post(
    '/api/staff/sign-in/verify',
    route({
      summary: 'Sign-in step 2: checks the passkey and opens the session',
      staff: 'public',
      rateLimit,
      body: signInVerifyBody,
      answers: {
        200: signedInAnswer,
        400: errorAnswer(
          'passkey_failed: the passkey could not be verified; passkey_unknown: no such passkey or its member is disabled',
        ),
        ...publicChangeAnswers,
        ...signInStepAnswers,
      },
    }),
    async (req, reply) => {
      try {
        const member = await finishSignIn(
          deps.db,
          deps.config.publicUrl,
          req.body.response as unknown as AuthenticationResponseJSON,
          deps.clock.now(),
        );
        return await signedIn(reply, member, req.id);
      } catch (err) {
        throw refused(err);
      }
    },
  );

  api.get(
    '/api/staff/me',
    route({
      summary: 'The signed-in member',
      staff: 'session.own',
      answers: {
        200: answer(signedInMember, 'Name, e-mail and role'),
      },
    }),
    async (req) => {
      const me = currentCaller(req);
      return {
        displayName: me.displayName,
        email: me.email,
        role: me.role,
        roleLabel: staffRoleLabels[me.role],
      };
    },
  );

  api.post(
    '/api/staff/sign-out',
    route({
      summary: 'Ends the session at once and clears its cookie',
      staff: 'session.own',
      answers: { 204: emptyAnswer('Signed out') },
    }),
    async (req, reply) => {
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
    },
  );
}
