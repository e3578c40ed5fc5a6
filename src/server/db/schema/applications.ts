import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per application (contract or reservation). The cid is never stored: only its
 * SHA-256 (cid_hash), so a database dump cannot be used to open anyone's application.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cidHash: text('cid_hash').notNull().unique(),
    kind: text('kind', { enum: ['contract', 'reservation'] }).notNull(),
    /** The checkout form model (domain model), as the domain defines it. */
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Steps the applicant has saved so far, in order of first save. */
    reachedSteps: jsonb('reached_steps')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** formHandling.contractState, e.g. not_completed_reservation. */
    contractState: text('contract_state'),
    /** Order state: null while editing; submitted, created, pending, accepted, declined. */
    orderState: text('order_state'),
    orderId: text('order_id'),
    contractNumber: text('contract_number'),
    /** Yearly premium in cents, set by the decision. */
    premiumCents: integer('premium_cents'),
    /** Rate per payment in cents (the status call's `rate`). */
    rateCents: integer('rate_cents'),
    digital: boolean('digital').notNull().default(false),
    partnerCode: text('partner_code'),
    subPartnerCode: text('sub_partner_code'),
    /** Made with a partner's sandbox key: a test, never business (ADR 0712). */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Set when a captcha solution was verified for this application (solved once, on payment). */
    /** When an accepted reservation was continued as a contract application. */
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    captchaVerifiedAt: timestamp('captcha_verified_at', { withTimezone: true }),
  },
  // No index on updated_at (issue 13): no query but the nightly deletion reads it, and an index on
  // a column every save changes makes every save a non-HOT update (ADR 1004).
);

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;
