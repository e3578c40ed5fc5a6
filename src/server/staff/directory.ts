import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { staff, staffEnrolments, type StaffRow } from '../db/schema/index';
import { staffSessionLimits } from '../../domain/staff/sessions';
import type { StaffRole } from '../../domain/staff/roles';
import { hashSecret, newSecret } from './tokens';
import { emailPattern } from '../../domain/rules/patterns';

export class StaffInputError extends Error {
  constructor(readonly code: 'email_taken' | 'invalid_input') {
    super(code);
  }
}

export const normaliseEmail = (s: string): string => s.trim().toLowerCase();

/** The enrolment page; the token in the fragment never reaches a server log. */
export const enrolmentUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/$/, '')}/intern/einladung#${token}`;

/**
 * A new staff member with a one-time enrolment link (24 h). No password ever: the link leads to
 * the passkey enrolment (ADR 1200). Returns the token once; only its hash is stored.
 */
export async function createStaffMember(
  db: Database,
  input: { email: string; displayName: string; role: StaffRole; createdBy?: string; now: Date },
): Promise<{ member: StaffRow; token: string }> {
  const email = normaliseEmail(input.email);
  const displayName = input.displayName.trim();
  if (!emailPattern.test(email) || displayName.length === 0 || displayName.length > 100)
    throw new StaffInputError('invalid_input');
  return db.transaction(async (tx) => {
    const taken = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    if (taken.length > 0) throw new StaffInputError('email_taken');
    const [member] = await tx
      .insert(staff)
      .values({ email, displayName, role: input.role, createdAt: input.now })
      .returning();
    const token = await addEnrolment(tx, member!.id, input.now, input.createdBy);
    return { member: member!, token };
  });
}

/** A fresh enrolment link for an existing member (a new device, a lost passkey). */
async function addEnrolment(
  tx: Tx,
  staffId: string,
  now: Date,
  createdBy?: string,
): Promise<string> {
  const token = newSecret();
  await tx.insert(staffEnrolments).values({
    tokenHash: hashSecret(token),
    staffId,
    createdBy: createdBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + staffSessionLimits.enrolmentMs),
  });
  return token;
}

/** The member a still valid, unused enrolment token belongs to (not consumed). */
export async function enrolmentMember(
  db: Database,
  token: string,
  now: Date,
): Promise<StaffRow | undefined> {
  const rows = await db.orm
    .select({ member: staff })
    .from(staffEnrolments)
    .innerJoin(staff, eq(staff.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, hashSecret(token)),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    );
  return rows[0]?.member;
}

/** Uses the token up, in the transaction that stores the passkey; false when it was not valid. */
export async function consumeEnrolment(tx: Tx, token: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(staffEnrolments)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffEnrolments.tokenHash, hashSecret(token)),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
      ),
    )
    .returning({ staffId: staffEnrolments.staffId });
  return used.length === 1;
}
