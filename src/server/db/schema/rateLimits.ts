import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request and mail limits shared by every instance on this database (ADR 1114): one counter per
 * purpose ('write', 'partner_lookup', 'save_progress_client', ...) and client key, counting from
 * the window's first request until `expires_at`. The key is an HMAC under the server secret: no
 * IP address, e-mail address or key id is stored as such. Expired rows go with the deletion run.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    purpose: text('purpose').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purpose, t.keyHash] }),
    index('rate_limit_counters_expires_at_idx').on(t.expiresAt),
  ],
);
