import { asc } from 'drizzle-orm';
import { staff } from '../db/schema/index';
import { isStaffRole, type StaffRole } from '../../domain/staff/roles';
import {
  createStaffMember,
  enrolmentUrl,
  normaliseEmail,
  StaffInputError,
} from '../staff/directory';
import { staffCommandTexts as t } from '../texts/staff';
import { ok, refused, type CommandContext, type CommandResult } from './types';

/**
 * npm run staff -- create-admin <email> <name> | invite <email> <name> <role> | list.
 * Prints the one-time enrolment link (24 h); the database keeps only its hash (ADR 1200).
 */
export async function staffCommand(ctx: CommandContext, args: string[]): Promise<CommandResult> {
  const [command, email, ...rest] = args;
  if (command === 'list') {
    const rows = await ctx.db.orm.select().from(staff).orderBy(asc(staff.email));
    if (rows.length === 0) return ok('Keine Mitarbeiter.\n');
    return ok(
      rows
        .map((m) =>
          [m.email, m.displayName, m.role, m.disabledAt ? 'gesperrt' : 'aktiv'].join('  '),
        )
        .join('\n') + '\n',
    );
  }
  let role: StaffRole;
  let nameParts = rest;
  if (command === 'create-admin') role = 'admin';
  else if (command === 'invite' && isStaffRole(rest[rest.length - 1])) {
    role = rest[rest.length - 1] as StaffRole;
    nameParts = rest.slice(0, -1);
  } else return refused(t.usage, 2);
  const name = nameParts.join(' ').trim();
  if (!email || !name) return refused(t.usage, 2);
  try {
    const { member, token } = await createStaffMember(ctx.db, {
      email,
      displayName: name,
      role,
      now: ctx.clock.now(),
    });
    return ok(t.created(member.displayName, enrolmentUrl(ctx.config.publicUrl, token)));
  } catch (err) {
    if (!(err instanceof StaffInputError)) throw err;
    return refused(
      err.code === 'email_taken' ? t.emailTaken(normaliseEmail(email)) : t.badEmail(email),
    );
  }
}
