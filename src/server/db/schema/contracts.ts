import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ContractActor } from '../../../domain/contracts/status';
import { letterKinds } from '../../../domain/contracts/letters';
import { idKey, ofApplication, applicationKey } from './columns';

/**
 * After the sale (src/server/contracts): one row per accepted contract with its status. The
 * application row stays the owner of the personal data; this table adds what the contract's
 * life needs. Rows go with their application (ON DELETE CASCADE), which the retention rule
 * (retain_until, ADR 0922) decides.
 */
export const contracts = pgTable(
  'contracts',
  {
    applicationId: applicationKey(),
    contractNumber: text('contract_number').notNull().unique(),
    status: text('status', {
      enum: ['active', 'cancellation_requested', 'withdrawn', 'cancelled', 'released'],
    }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    /** First day of cover (policy start). */
    startOn: date('start_on', { mode: 'string' }).notNull(),
    firstDebitOn: date('first_debit_on', { mode: 'string' }).notNull(),
    paymentsPerYear: integer('payments_per_year').notNull(),
    ratePerPaymentCents: integer('rate_per_payment_cents').notNull(),
    /** Last day of the withdrawal period (§ 8 VVG). */
    withdrawalDeadline: date('withdrawal_deadline', { mode: 'string' }).notNull(),
    mandateReference: text('mandate_reference').notNull(),
    /** SHA-256 of the verification token printed on the certificate (/pruefen/{token}). */
    verificationTokenHash: text('verification_token_hash').notNull().unique(),
    /** SHA-256 of the release code printed on the certificate. */
    releaseCodeHash: text('release_code_hash').notNull(),
    releaseFailures: integer('release_failures').notNull().default(0),
    /** First day without cover (premiums stop); set when the contract ends. */
    endOn: date('end_on', { mode: 'string' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    refundCents: integer('refund_cents'),
    outstandingCents: integer('outstanding_cents'),
    /** Deleted (with the application) after this day; set when the contract ends. */
    retainUntil: date('retain_until', { mode: 'string' }),
    /**
     * Partial release (issue 26 item 5, ADR 1255): the day from which the guarantee covers only
     * `guarantee_limit_cents` (what claims held then plus `retained_cents`, the amount the landlord
     * kept for the utility-cost settlement) and the premium is `reduced_rate_per_payment_cents`.
     * All four are set together, once.
     */
    partiallyReleasedOn: date('partially_released_on', { mode: 'string' }),
    retainedCents: integer('retained_cents'),
    guaranteeLimitCents: integer('guarantee_limit_cents'),
    reducedRatePerPaymentCents: integer('reduced_rate_per_payment_cents'),
  },
  (t) => [
    index('contracts_retain_until_idx').on(t.retainUntil),
    check(
      'contracts_partial_release_check',
      sql`(${t.partiallyReleasedOn} IS NULL) = (${t.retainedCents} IS NULL) AND (${t.partiallyReleasedOn} IS NULL) = (${t.guaranteeLimitCents} IS NULL) AND (${t.partiallyReleasedOn} IS NULL) = (${t.reducedRatePerPaymentCents} IS NULL) AND (${t.retainedCents} IS NULL OR ${t.retainedCents} > 0)`,
    ),
  ],
);

/**
 * The audit history of one application: who (actor), when, what (type) and details without
 * personal data (codes, dates, amounts, no names, addresses, IBANs or e-mail addresses).
 */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: idKey(),
    applicationId: ofApplication(),
    type: text('type').notNull(),
    /** tenant, landlord, staff, system, partner or `staff:{name}` (back office, ADR 1201). */
    actor: text('actor').$type<ContractActor>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [index('contract_events_application_at_idx').on(t.applicationId, t.at)],
);

/** Magic links to the tenant's contract page: only the hash is kept; single use; expire. */
export const contractAccessTokens = pgTable(
  'contract_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicationId: ofApplication(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('contract_access_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * Letters the back office has to post (the landlord has no e-mail address in the model): what
 * and to whom by role; the address is read from the application when printing.
 */
export const contractLetters = pgTable('contract_letters', {
  id: idKey(),
  applicationId: ofApplication(),
  recipient: text('recipient', { enum: ['landlord', 'tenant'] }).notNull(),
  kind: text('kind', { enum: letterKinds }).notNull(),
  /**
   * A letter about a sandbox test contract (ADR 1130): printed with the MUSTER mark, never posted.
   * Set by a trigger from applications.sandbox, whoever inserts the letter.
   */
  sandbox: boolean('sandbox').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  postedAt: timestamp('posted_at', { withTimezone: true }),
});

export type ContractRow = typeof contracts.$inferSelect;
export type ContractEventRow = typeof contractEvents.$inferSelect;
