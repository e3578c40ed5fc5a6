import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffRoles, type StaffRole } from '../../../domain/staff/roles';
import { approvalStates } from '../../../domain/staff/approvals';
import { idKey, belongsTo } from './columns';

/**
 * The staff back office (issue 24, ADRs 1200-1203): staff, their enrolment links, passkeys and
 * sessions, the audit trail and the four-eyes approvals. Secrets handed out (enrolment tokens,
 * session tokens) are kept only as SHA-256 hashes.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const staff = pgTable(
  'staff',
  {
    id: idKey(),
    /** Lower case; OpenID Connect sign-in matches staff by it. */
    email: text('email').notNull().unique(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: staffRoles }).$type<StaffRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set: no sign-in, every session worthless. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [check('staff_role', sql`${t.role} in ('staff', 'supervisor', 'admin')`)],
);

/** One-time enrolment links (24 h, single use). */
export const staffEnrolments = pgTable('staff_enrolments', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: belongsTo('staff_id', () => staff.id),
  /** Who invited (null: the command line). */
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Passkeys (WebAuthn credentials) of staff members. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    staffId: belongsTo('staff_id', () => staff.id),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull(),
    transports: jsonb('transports').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/**
 * WebAuthn challenges waiting for their answer (kept in the database, so any instance on one
 * PostgreSQL can check the answer). Single use, minutes long.
 */
export const staffChallenges = pgTable('staff_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['enrol', 'sign_in'] }).notNull(),
  /** Enrolment: the staff member being enrolled. */
  staffId: uuid('staff_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Staff sessions: idle 30 min, absolute 10 h, revocable (domain/staff/sessions.ts). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: belongsTo('staff_id', () => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Append-only audit trail (ADR 1201): every staff read of personal data and every change. No
 * foreign keys: a row outlives the application it names (deletion on time) and the staff row.
 * A trigger refuses UPDATE and DELETE (custom migration staff_audit_append_only).
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: idKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** What was done, e.g. `contract.read`, `decision.accept` (src/server/staff/audit.ts). */
    action: text('action').notNull(),
    applicationId: uuid('application_id'),
    contractNumber: text('contract_number'),
    requestId: text('request_id').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [
    index('staff_audit_application_idx').on(t.applicationId, t.at),
    index('staff_audit_at_idx').on(t.at),
  ],
);

/**
 * Four-eyes approvals (ADR 1202): generic over kinds (domain/staff/approvals.ts). The subject is
 * an id of the kind's choosing (an application id for a reinstatement, a bank file id later);
 * the payload what the executor needs. The database itself refuses an approver who drafted it.
 */
export const staffApprovals = pgTable(
  'staff_approvals',
  {
    id: idKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>().notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: approvalStates }).notNull(),
    draftedBy: uuid('drafted_by')
      .notNull()
      .references(() => staff.id),
    draftedAt: timestamp('drafted_at', { withTimezone: true }).notNull(),
    approvedBy: uuid('approved_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_approvals_four_eyes', sql`${t.approvedBy} <> ${t.draftedBy}`),
    check('staff_approvals_state', sql`${t.state} in ('draft', 'approved', 'done', 'refused')`),
    index('staff_approvals_state_idx').on(t.state, t.draftedAt),
  ],
);

export type StaffRow = typeof staff.$inferSelect;
export type StaffApprovalRow = typeof staffApprovals.$inferSelect;
