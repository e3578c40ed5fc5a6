import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Requests made with a contract number and an e-mail address (ADR 1116): a withdrawal statement
 * at /widerruf or a magic link for /vertrag. Every such request gets a row, whether or not number
 * and address match, so both cases do the same work and take the same time; only a matching one
 * names its application, and only that one's token (SHA-256 kept here) is e-mailed to the stored
 * address. A withdrawal statement keeps its time of receipt (`received_at`, § 356a BGB) and takes
 * effect when the tenant confirms it through that link (`used_at`). Rows expire and go with the
 * deletion run.
 */
export const contractRequests = pgTable(
  'contract_requests',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['access', 'withdrawal'] }).notNull(),
    /**
     * null: number and address did not match a contract (nothing is sent). No foreign key: its
     * check locks the application row, extra work only a match would do (ADR 1117); the rows
     * expire within days, and a redeemed link whose contract is gone opens nothing.
     */
    applicationId: uuid('application_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('contract_requests_expires_at_idx').on(t.expiresAt),
    index('contract_requests_application_id_idx').on(t.applicationId),
  ],
);

/**
 * Contract-page sessions ended by "Abmelden" before their 30 minutes (ADR 1120): the cookie is
 * signed and stateless, so a logout stores its SHA-256 until the cookie would have expired, and
 * every request with it is refused. Expired rows go with the deletion run.
 */
export const contractSessionRevocations = pgTable('contract_session_revocations', {
  sessionHash: text('session_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
