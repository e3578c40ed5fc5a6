import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staff, staffChallenges, staffPasskeys, type StaffRow } from '../db/schema/index';
import { staffSessionLimits } from '../../domain/staff/sessions';
import { consumeEnrolment, enrolmentMember } from './directory';

/** @simplewebauthn/server, loaded at the first passkey step (ADR 1335), not at every start. */
const webAuthn = () => import('@simplewebauthn/server');

/** Relying party of the passkeys: PUBLIC_URL's host and origin (never a request's Host). */
function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Mietkaution Back-Office' };
}

export class PasskeyError extends Error {
  constructor(readonly code: 'enrolment_invalid' | 'passkey_failed' | 'passkey_unknown') {
    super(code);
  }
}

async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: 'enrol' | 'sign_in',
  now: Date,
  staffId?: string,
) {
  // Unanswered challenges (anyone may ask for one) go when they expire, not pile up.
  await db.orm.delete(staffChallenges).where(lt(staffChallenges.expiresAt, now));
  await db.orm.insert(staffChallenges).values({
    challenge,
    purpose,
    staffId: staffId ?? null,
    expiresAt: new Date(now.getTime() + staffSessionLimits.challengeMs),
  });
}

/** Takes a challenge out (single use); true when it was ours, unexpired and for this purpose. */
const takeChallenge =
  (db: Database, purpose: 'enrol' | 'sign_in', now: Date, staffId?: string) =>
  async (challenge: string): Promise<boolean> => {
    const taken = await db.orm
      .delete(staffChallenges)
      .where(
        and(
          eq(staffChallenges.challenge, challenge),
          eq(staffChallenges.purpose, purpose),
          gt(staffChallenges.expiresAt, now),
        ),
      )
      .returning({ staffId: staffChallenges.staffId });
    return taken.length === 1 && (staffId === undefined || taken[0]!.staffId === staffId);
  };

/** Step 1 of the enrolment: the options for navigator.credentials.create(). */
export async function enrolmentOptions(db: Database, publicUrl: string, token: string, now: Date) {
  const member = await enrolmentMember(db, token, now);
  if (!member) throw new PasskeyError('enrolment_invalid');
  const rp = relyingParty(publicUrl);
  const existing = await db.orm
    .select({ id: staffPasskeys.id })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, member.id));
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: member.email,
    userDisplayName: member.displayName,
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id })),
    // A discoverable credential: sign-in needs no user name.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'enrol', now, member.id);
  return { options, member };
}

/** Step 2: checks the new passkey, stores it and uses the enrolment link up, at once. */
export async function finishEnrolment(
  db: Database,
  publicUrl: string,
  token: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<StaffRow> {
  const member = await enrolmentMember(db, token, now);
  if (!member) throw new PasskeyError('enrolment_invalid');
  const rp = relyingParty(publicUrl);
  const { verifyRegistrationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(db, 'enrol', now, member.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyError('passkey_failed');
  }
  if (!verified.verified) throw new PasskeyError('passkey_failed');
  const cred = verified.registrationInfo.credential;
  await db.transaction(async (tx) => {
    if (!(await consumeEnrolment(tx, token, now))) throw new PasskeyError('enrolment_invalid');
    await tx.insert(staffPasskeys).values({
      id: cred.id,
      staffId: member.id,
      publicKey: cred.publicKey,
      counter: cred.counter,
      transports: cred.transports ?? [],
      createdAt: now,
    });
  });
  return member;
}

/** Sign-in step 1: options for navigator.credentials.get() (discoverable: no user name). */
export async function signInOptions(db: Database, publicUrl: string, now: Date) {
  const rp = relyingParty(publicUrl);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'preferred',
  });
  await storeChallenge(db, options.challenge, 'sign_in', now);
  return options;
}

/** Sign-in step 2: the member whose passkey answered the challenge. */
export async function finishSignIn(
  db: Database,
  publicUrl: string,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<StaffRow> {
  const rows = await db.orm
    .select({ key: staffPasskeys, member: staff })
    .from(staffPasskeys)
    .innerJoin(staff, eq(staff.id, staffPasskeys.staffId))
    .where(eq(staffPasskeys.id, String(response.id)));
  const row = rows[0];
  if (!row || row.member.disabledAt) throw new PasskeyError('passkey_unknown');
  const rp = relyingParty(publicUrl);
  const { verifyAuthenticationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, 'sign_in', now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: row.key.id,
        publicKey: new Uint8Array(row.key.publicKey),
        counter: row.key.counter,
        transports: row.key.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyError('passkey_failed');
  }
  if (!verified.verified) throw new PasskeyError('passkey_failed');
  await db.orm
    .update(staffPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(staffPasskeys.id, row.key.id));
  return row.member;
}
