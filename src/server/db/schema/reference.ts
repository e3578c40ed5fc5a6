import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Bank names by German bank code (BLZ). Filled from fints-institute-db on first start and
 * replaced completely by an import of the Bundesbank file (source says which one is loaded).
 */
export const bankNames = pgTable('bank_names', {
  bankCode: text('bank_code').primaryKey(),
  name: text('name').notNull(),
  bic: text('bic'),
  source: text('source').notNull(),
});

/** Solved captcha challenges, kept until they expire, so one solution is accepted only once. */
export const captchaReplays = pgTable('captcha_replays', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Small key/value store for server state that must survive restarts (e.g. the signing key). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
