import type { Database } from '../../db/client';
import type { StaffRole } from '../../../domain/staff/roles';
import { createStaffMember } from '../directory';
import { openStaffSession, STAFF_COOKIE } from '../sessions';

/**
 * A staff member with an open session, made with the real services (as a passkey sign-in ends);
 * the passkey ceremony itself is tested in the browser (e2e/intern.test.ts).
 */
export async function staffWithSession(
  db: Database,
  opts: { role: StaffRole; name: string; now: Date },
): Promise<{ id: string; token: string; cookie: string; enrolmentToken: string }> {
  const { member, token: enrolmentToken } = await createStaffMember(db, {
    email: `${opts.name.toLowerCase().replace(/\W+/g, '.')}@firma.example`,
    displayName: opts.name,
    role: opts.role,
    now: opts.now,
  });
  const token = await openStaffSession(db, member.id, opts.now);
  return { id: member.id, token, cookie: `${STAFF_COOKIE}=${token}`, enrolmentToken };
}
