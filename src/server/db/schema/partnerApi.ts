import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { idKey, applicationKey, belongsTo } from './columns';

/**
 * The partner API (ADR 0710-0714): keys, what a partner's call asserted, webhooks and their
 * delivery log. No row here holds personal data: payloads carry ids and states only.
 */

/**
 * API keys of partners. Only the SHA-256 of a key is stored (keys are 256 random bits, so a plain
 * hash suffices); the prefix is shown in lists so a person can tell keys apart. Not a foreign key
 * to partners: a partner import with --replace must not delete keys.
 */
export const partnerKeys = pgTable(
  'partner_keys',
  {
    id: idKey(),
    partnerCode: text('partner_code').notNull(),
    /** First characters of the key (mk_test_AbCd), for lists and logs. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** Sandbox keys make test applications (marked, own numbers, deleted after a day). */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('partner_keys_partner_idx').on(t.partnerCode)],
);

/**
 * What an authenticated partner call added to an application: which key, the product named, the
 * consents the partner asserted for the tenant (field path -> time) and the defaults applied.
 */
export const apiSubmissions = pgTable('api_submissions', {
  applicationId: applicationKey(),
  keyId: uuid('key_id').references(() => partnerKeys.id, { onDelete: 'set null' }),
  partnerCode: text('partner_code').notNull(),
  sandbox: boolean('sandbox').notNull(),
  product: text('product'),
  /** {fieldPath: ISO time}: consents the partner asserted with the tenant's termsAccepted. */
  assertedConsents: jsonb('asserted_consents')
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Field paths filled with a documented default (ADR 0711). */
  defaulted: jsonb('defaulted')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One webhook endpoint per partner; the secret signs every delivery (shown once when set). */
export const partnerWebhooks = pgTable('partner_webhooks', {
  partnerCode: text('partner_code').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A state change to deliver (at least once; the id lets the receiver drop duplicates). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: idKey(),
    partnerCode: text('partner_code').notNull(),
    /** No foreign key: the event outlives a deleted (e.g. sandbox) application. */
    applicationId: uuid('application_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('webhook_events_created_at_idx').on(t.createdAt)],
);

/** The delivery log: one row per attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idKey(),
    eventId: belongsTo('event_id', () => webhookEvents.id),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    /** HTTP status of the answer; null when none came (refused, timeout). */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_deliveries_event_idx').on(t.eventId)],
);

/** Sandbox contracts and reservations draw from their own numbers: TEST-MK-2026-000001. */
export const testNumberSeq = pgSequence('test_number_seq', { startWith: 1 });

export type PartnerKeyRow = typeof partnerKeys.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
