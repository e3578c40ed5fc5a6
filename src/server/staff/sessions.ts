import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staff, staffSessions } from '../db/schema/index';
import { staffSessionLimits, staffSessionState } from '../../domain/staff/sessions';
import type { StaffRole } from '../../domain/staff/roles';
import { hashSecret, newSecret } from './tokens';

export const STAFF_COOKIE = 'mk_staff';
/** The cookie goes to the staff API only (ADR 1200). */
const STAFF_COOKIE_PATH = '/api/staff';

export interface StaffCaller {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  sessionHash: string;
}

/** Opens a session; returns the cookie value (only its hash is stored). */
export async function openStaffSession(db: Database, staffId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db.orm
    .insert(staffSessions)
    .values({ tokenHash: hashSecret(token), staffId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The caller of a session cookie, or why there is none. A valid session's idle clock restarts
 * (one small write per staff request: staff are few).
 */
export async function readStaffSession(
  db: Database,
  token: string,
  now: Date,
): Promise<StaffCaller | 'none' | 'ended'> {
  const tokenHash = hashSecret(token);
  const rows = await db.orm
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash));
  const row = rows[0];
  if (!row) return 'none';
  const state = staffSessionState({ ...row.session, staffDisabledAt: row.member.disabledAt }, now);
  if (state !== 'valid') return 'ended';
  await db.orm
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(eq(staffSessions.tokenHash, tokenHash));
  const m = row.member;
  return {
    id: m.id,
    email: m.email,
    displayName: m.displayName,
    role: m.role,
    sessionHash: tokenHash,
  };
}

export async function revokeStaffSession(db: Database, tokenHash: string, now: Date) {
  await db.orm
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a member at once (disabled, role changed, lost device). */
export async function revokeAllStaffSessions(db: Database, staffId: string, now: Date) {
  await db.orm
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

export function staffCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(staffSessionLimits.absoluteMs / 1000);
  return `${STAFF_COOKIE}=${token}; Max-Age=${maxAge}; Path=${STAFF_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export const clearedStaffCookie = (secure: boolean): string =>
  `${STAFF_COOKIE}=; Max-Age=0; Path=${STAFF_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
