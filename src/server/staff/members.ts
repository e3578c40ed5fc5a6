import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { staff } from '../db/schema/index';
import { answer, emptyAnswer, errorAnswer } from '../http/answers';
import { edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { staffApiErrors } from '../texts/staff';
import { uuidPattern } from '../../domain/rules/patterns';
import { staffMember } from '../../domain/staff/members';
import { staffRoleLabels, staffRoles } from '../../domain/staff/roles';
import { auditOf, type StaffDeps } from './context';
import { createStaffMember, enrolmentUrl, StaffInputError } from './directory';
import { currentCaller, staffRefusal } from './guard';
import { revokeAllStaffSessions } from './sessions';
import type { AuditAction } from './audit';
import { changeMember, MemberChangeError, type MemberChange } from './memberChanges';
import type { StaffRow } from '../db/schema/index';

/** A value of the member forms: a wrong one answers 400 invalid_input, as the page expects. */
const inputMeta = (description: string) => ({
  description,
  code: 'invalid_input',
  message: staffApiErrors.invalid_input,
});
const role = z.enum(staffRoles).register(edgeMeta, inputMeta('staff, supervisor or admin'));

const inviteBody = edgeObject({
  email: z.string().register(edgeMeta, inputMeta('E-mail address (the member signs in with it)')),
  displayName: z.string().register(edgeMeta, inputMeta('Name shown in the back office, 1-100')),
  role,
});
const memberParams = edgeObject({ id: pathParam({ description: 'Staff member id (uuid)' }) });

const notFound = errorAnswer('not_found: no such member');
const memberAnswers = {
  200: answer(staffMember, 'The member after the change'),
  404: notFound,
  409: errorAnswer('last_admin: the change would leave no active admin'),
} as const;

/** A member id from the path, or 404 (a malformed one never reaches the database). */
const memberId = (req: { params: { id: string } }) => {
  if (!uuidPattern.test(req.params.id)) throw staffRefusal(404, 'not_found');
  return req.params.id;
};

/** Admins invite staff (an enrolment link shown once), list them and end their sessions. */
export function registerStaffMemberRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const api = app.withTypeProvider<EdgeTypes>();

  api.get(
    '/api/staff/members',
    route({
      summary: 'The staff members with role and state',
      staff: 'staff.manage',
      answers: {
        200: answer(z.object({ members: z.array(staffMember) }), 'By name'),
      },
    }),
    async () => {
      const rows = await deps.db.orm.select().from(staff).orderBy(asc(staff.displayName));
      return { members: rows.map(memberView) };
    },
  );

  api.post(
    '/api/staff/members',
    route({
      summary: 'Invites a member: the enrolment link (24 hours, once) is in this answer only',
      staff: 'staff.manage',
      body: inviteBody,
      answers: {
        201: answer(
          z.object({ id: z.string(), enrolmentUrl: z.string() }),
          'Invited; the link leads to the passkey enrolment',
        ),
        400: errorAnswer(
          'invalid_input: an e-mail, name or role of the wrong form; email_taken: the address has a member',
        ),
      },
    }),
    async (req, reply) => {
      const { email, displayName, role } = req.body;
      try {
        const { member, token } = await createStaffMember(deps.db, {
          email,
          displayName,
          role,
          createdBy: currentCaller(req).id,
          now: deps.clock.now(),
        });
        await auditOf(deps, req)('staff.invite', { details: { staffId: member.id, role } });
        return await reply
          .code(201)
          .send({ id: member.id, enrolmentUrl: enrolmentUrl(deps.config.publicUrl, token) });
      } catch (err) {
        if (err instanceof StaffInputError) throw staffRefusal(400, err.code);
        throw err;
      }
    },
  );

  api.post(
    '/api/staff/members/:id/revoke-sessions',
    route({
      summary: "Ends all of a member's sessions at once",
      staff: 'staff.manage',
      params: memberParams,
      answers: { 204: emptyAnswer('Ended'), 404: notFound },
    }),
    async (req, reply) => {
      const id = memberId(req);
      const found = await deps.db.orm.select({ id: staff.id }).from(staff).where(eq(staff.id, id));
      if (found.length === 0) throw staffRefusal(404, 'not_found');
      await revokeAllStaffSessions(deps.db, id, deps.clock.now());
      await auditOf(deps, req)('staff.sessions_revoke', { details: { staffId: id } });
      return reply.code(204).send();
    },
  );

  /** Disable, enable, change the role (ADR 1208); never the last active admin. */
  const change = async (req: FastifyRequest, id: string, wanted: MemberChange) => {
    try {
      const { before, after } = await changeMember(deps.db, id, wanted, deps.clock.now());
      await auditOf(deps, req)(memberChangeAudit[wanted.kind], {
        details: {
          staffId: id,
          ...(wanted.kind === 'role' ? { from: before.role, to: after.role } : {}),
        },
      });
      return memberView(after);
    } catch (err) {
      if (err instanceof MemberChangeError)
        throw staffRefusal(err.code === 'not_found' ? 404 : 409, err.code);
      throw err;
    }
  };
  for (const kind of ['disable', 'enable'] as const)
    api.post(
      `/api/staff/members/:id/${kind}`,
      route({
        summary:
          kind === 'disable'
            ? 'Disables a member (every session ends at once)'
            : 'Enables a disabled member again',
        staff: 'staff.manage',
        params: memberParams,
        answers: memberAnswers,
      }),
      async (req) => change(req, memberId(req), { kind }),
    );
  api.post(
    '/api/staff/members/:id/role',
    route({
      summary: "Changes a member's role",
      staff: 'staff.manage',
      params: memberParams,
      body: edgeObject({ role }),
      answers: { ...memberAnswers, 400: errorAnswer('invalid_input: no such role') },
    }),
    async (req) => change(req, memberId(req), { kind: 'role', role: req.body.role }),
  );
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
