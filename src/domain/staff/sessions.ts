// The staff session's clock rules (issue 24): idle timeout and absolute lifetime. Pure.

export const staffSessionLimits = {
  /** Without a request for this long the session ends. */
  idleMs: 30 * 60_000,
  /** However active, a session ends this long after sign-in. */
  absoluteMs: 10 * 3_600_000,
  /** An enrolment link is valid this long, once. */
  enrolmentMs: 24 * 3_600_000,
  /** A WebAuthn challenge must be answered within this time. */
  challengeMs: 5 * 60_000,
} as const;

export type StaffSessionState = 'valid' | 'idle' | 'expired' | 'revoked' | 'disabled';

export interface StaffSessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  staffDisabledAt: Date | null;
}

/** Is a stored session still good at `now`? The first reason that ends it wins. */
export function staffSessionState(s: StaffSessionTimes, now: Date): StaffSessionState {
  if (s.revokedAt && s.revokedAt.getTime() <= now.getTime()) return 'revoked';
  if (s.staffDisabledAt) return 'disabled';
  if (now.getTime() - s.createdAt.getTime() >= staffSessionLimits.absoluteMs) return 'expired';
  if (now.getTime() - s.lastSeenAt.getTime() >= staffSessionLimits.idleMs) return 'idle';
  return 'valid';
}

export type EnrolmentState = 'valid' | 'used' | 'expired';

export function enrolmentState(
  e: { expiresAt: Date; usedAt: Date | null },
  now: Date,
): EnrolmentState {
  if (e.usedAt) return 'used';
  return e.expiresAt.getTime() > now.getTime() ? 'valid' : 'expired';
}
