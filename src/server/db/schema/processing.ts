import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idKey, ofApplication, applicationKey } from './columns';
import type { MailKind } from '../../processing/rules';

/**
 * Processing (owned by src/server/processing): decisions, issued documents, sent e-mails and the
 * tombstones of deleted applications. Every row hangs off an application and goes with it
 * (ON DELETE CASCADE), except the tombstones, which hold no personal data.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Human-readable numbers: MK-2026-000042 (contract), MR-2026-000007 (reservation). */
export const contractNumberSeq = pgSequence('contract_number_seq', { startWith: 1 });
export const reservationNumberSeq = pgSequence('reservation_number_seq', { startWith: 1 });

/** One decision per application and kind (a reservation later continued as a contract has two). */
export const decisions = pgTable(
  'decisions',
  {
    id: idKey(),
    applicationId: ofApplication(),
    kind: text('kind', { enum: ['contract', 'reservation'] }).notNull(),
    /** Contract number (vertragsnr) or reservation number. */
    number: text('number').notNull(),
    outcome: text('outcome', { enum: ['accepted', 'declined', 'pending'] }).notNull(),
    /** What the automatic rules said; differs from outcome after a staff decision. */
    autoOutcome: text('auto_outcome', { enum: ['accepted', 'declined', 'pending'] }).notNull(),
    /** Rule codes that led to the outcome (no personal data), e.g. ["predamage"]. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    decidedBy: text('decided_by', { enum: ['auto', 'staff'] }).notNull(),
    premiumCents: integer('premium_cents'),
    rateCents: integer('rate_cents'),
    digital: boolean('digital').notNull(),
    /**
     * The partner attribution at submission (ADR 0700), copied from the application so that
     * commission can be computed from decided contracts alone.
     */
    partnerCode: text('partner_code'),
    subPartnerCode: text('sub_partner_code'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('decisions_application_kind_uq').on(t.applicationId, t.kind),
    uniqueIndex('decisions_number_uq').on(t.number),
    index('decisions_outcome_decided_at_idx').on(t.outcome, t.decidedAt),
  ],
);

/** Issued PDFs; at most one per application and kind, so a retried job cannot issue a second. */
export const documents = pgTable(
  'documents',
  {
    id: idKey(),
    applicationId: ofApplication(),
    kind: text('kind', { enum: ['certificate', 'policy', 'reservation_confirmation'] }).notNull(),
    filename: text('filename').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('documents_application_kind_uq').on(t.applicationId, t.kind)],
);

/** E-mails to the tenant about an application; sent_at is set once the transport accepted it. */
export const mails = pgTable(
  'mails',
  {
    id: idKey(),
    applicationId: ofApplication(),
    /** Typed (no migration: a type only), so a misspelt kind where a row is made fails tsc. */
    kind: text('kind').$type<MailKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Not sent and never retried: the receiving server refused it for good (SMTP 5xx, ADR 1106),
     * or refused it for now (4xx, unreachable) for longer than MAIL_RETRY_HOURS (ADR 1132).
     */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** That server's reply code (e.g. 550); never its text, which may quote the address. */
    rejectCode: integer('reject_code'),
  },
  (t) => [uniqueIndex('mails_application_kind_uq').on(t.applicationId, t.kind)],
);

/**
 * What remains of a deleted application: the hash of its cid and why it went, so a resume link
 * can answer days_to_keep_data_exceeded / reservation_expired instead of "never existed".
 */
export const deletedApplications = pgTable(
  'deleted_applications',
  {
    cidHash: text('cid_hash').primaryKey(),
    reason: text('reason', {
      enum: [
        'days_to_keep_data_exceeded',
        'reservation_expired',
        'declined_retention',
        'sandbox_expired',
      ],
    }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deleted_applications_deleted_at_idx').on(t.deletedAt)],
);

export type DecisionRow = typeof decisions.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/**
 * The cid, sealed (AES-256-GCM with a key derived from SERVER_SECRET), so a job can put the
 * resume link into the reservation e-mail although the applications table keeps only the cid's
 * hash. Deleted with the application.
 */
export const resumeLinks = pgTable('resume_links', {
  applicationId: applicationKey(),
  sealedCid: text('sealed_cid').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
