import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of API writes sent with an `Idempotency-Key` header (ADR 1113), kept 24 hours so a
 * retried call gets the same answer instead of a second contract; in the database so it works
 * across instances. The answer is encrypted with a key derived from the server secret and the
 * request itself (it carries the cid), and the request is kept only as a keyed hash.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    requestHash: text('request_hash').notNull(),
    /** null while the first call is still being answered. */
    status: integer('status'),
    response: text('response'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
