import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staff, staffSessions, type StaffRow } from '../db/schema/index';
import type { StaffRole } from '../../domain/staff/roles';

/** What an admin changes about a member (ADR 1208). */
export type MemberChange =
  { kind: 'disable' } | { kind: 'enable' } | { kind: 'role'; role: StaffRole };

export class MemberChangeError extends Error {
  constructor(readonly code: 'not_found' | 'last_admin') {
    super(code);
  }
}

const staysActiveAdmin = (m: StaffRow, change: MemberChange): boolean => {
  switch (change.kind) {
    case 'disable':
      return false;
    case 'enable':
      return m.role === 'admin';
    case 'role':
      return change.role === 'admin' && m.disabledAt === null;
  }
};

/**
 * Disables, re-enables or changes the role of a member, in one transaction. The back office never
 * loses its last active admin: a change that would leave none is refused (the admin rows are
 * locked, so two admins disabling each other at once cannot both succeed). Disabling ends every
 * session of the member in the same transaction; sign-in is refused from then on (passkeys.ts,
 * oidc.ts check `disabled_at`). A role change counts from the member's next request.
 */
export async function changeMember(
  db: Database,
  id: string,
  change: MemberChange,
  now: Date,
): Promise<{ before: StaffRow; after: StaffRow }> {
  return db.transaction(async (tx) => {
    // The active admins first, always in one order (no deadlock between two such changes);
    // a row another change just disabled drops out when its lock is released.
    const admins = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
      .orderBy(asc(staff.id))
      .for('update');
    const before = (await tx.select().from(staff).where(eq(staff.id, id)).for('update'))[0];
    if (!before) throw new MemberChangeError('not_found');
    const isActiveAdmin = admins.some((a) => a.id === id);
    if (isActiveAdmin && !staysActiveAdmin(before, change) && admins.length < 2)
      throw new MemberChangeError('last_admin');
    const set =
      change.kind === 'role'
        ? { role: change.role }
        : { disabledAt: change.kind === 'disable' ? (before.disabledAt ?? now) : null };
    const [after] = await tx.update(staff).set(set).where(eq(staff.id, id)).returning();
    if (change.kind === 'disable')
      await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
    return { before, after: after! };
  });
}
