import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { staff } from '../db/schema/index';
import { isStaffRole, staffRoleLabels } from '../../domain/staff/roles';
import { auditOf, type StaffDeps } from './context';
import { createStaffMember, enrolmentUrl, StaffInputError } from './directory';
import { currentCaller, staffError } from './guard';
import { revokeAllStaffSessions } from './sessions';
import type { AuditAction } from './audit';
import { changeMember, MemberChangeError, type MemberChange } from './memberChanges';
import type { StaffRow } from '../db/schema/index';

/** Admins invite staff (an enrolment link shown once), list them and end their sessions. */
export function registerStaffMemberRoutes(app: FastifyInstance, deps: StaffDeps): void {
  app.get('/api/staff/members', { config: { staff: 'staff.manage' } }, async (_req, reply) => {
    const rows = await deps.db.orm.select().from(staff).orderBy(asc(staff.displayName));
    return reply.send({
      members: rows.map(memberView),
    });
  });

  app.post('/api/staff/members', { config: { staff: 'staff.manage' } }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const role = body.role;
    if (
      !isStaffRole(role) ||
      typeof body.email !== 'string' ||
      typeof body.displayName !== 'string'
    )
      return staffError(reply, 400, 'invalid_input');
    try {
      const { member, token } = await createStaffMember(deps.db, {
        email: body.email,
        displayName: body.displayName,
        role,
        createdBy: currentCaller(req).id,
        now: deps.clock.now(),
      });
      await auditOf(deps, req)('staff.invite', { details: { staffId: member.id, role } });
      return await reply
        .code(201)
        .send({ id: member.id, enrolmentUrl: enrolmentUrl(deps.config.publicUrl, token) });
    } catch (err) {
      if (err instanceof StaffInputError) return staffError(reply, 400, err.code);
      throw err;
    }
  });

  app.post<{ Params: { id: string } }>(
    '/api/staff/members/:id/revoke-sessions',
    { config: { staff: 'staff.manage' } },
    async (req, reply) => {
      const id = req.params.id;
      if (!/^[0-9a-f-]{36}$/.test(id)) return staffError(reply, 404, 'not_found');
      const found = await deps.db.orm.select({ id: staff.id }).from(staff).where(eq(staff.id, id));
      if (found.length === 0) return staffError(reply, 404, 'not_found');
      await revokeAllStaffSessions(deps.db, id, deps.clock.now());
      await auditOf(deps, req)('staff.sessions_revoke', { details: { staffId: id } });
      return reply.code(204).send();
    },
  );

  /** Disable, enable, change the role (ADR 1208); never the last active admin. */
  const change = (path: string, toChange: (body: Record<string, unknown>) => MemberChange | null) =>
    app.post<{ Params: { id: string } }>(
      `/api/staff/members/:id/${path}`,
      { config: { staff: 'staff.manage' } },
      async (req, reply) => {
        const id = req.params.id;
        if (!/^[0-9a-f-]{36}$/.test(id)) return staffError(reply, 404, 'not_found');
        const wanted = toChange((req.body ?? {}) as Record<string, unknown>);
        if (!wanted) return staffError(reply, 400, 'invalid_input');
        try {
          const { before, after } = await changeMember(deps.db, id, wanted, deps.clock.now());
          await auditOf(deps, req)(memberChangeAudit[wanted.kind], {
            details: {
              staffId: id,
              ...(wanted.kind === 'role' ? { from: before.role, to: after.role } : {}),
            },
          });
          return await reply.send(memberView(after));
        } catch (err) {
          if (err instanceof MemberChangeError)
            return staffError(reply, err.code === 'not_found' ? 404 : 409, err.code);
          throw err;
        }
      },
    );
  change('disable', () => ({ kind: 'disable' }));
  change('enable', () => ({ kind: 'enable' }));
  change('role', (b) => (isStaffRole(b.role) ? { kind: 'role', role: b.role } : null));
}

const memberChangeAudit = {
  disable: 'staff.disable',
  enable: 'staff.enable',
  role: 'staff.role_change',
} as const satisfies Record<MemberChange['kind'], AuditAction>;

const memberView = (m: StaffRow) => ({
  id: m.id,
  email: m.email,
  displayName: m.displayName,
  role: m.role,
  roleLabel: staffRoleLabels[m.role],
  disabled: m.disabledAt !== null,
});
