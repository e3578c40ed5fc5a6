import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { claimItemKinds, type ClaimItemDetails } from '../../../domain/claims/kinds';
import { claimItemStates, claimStates, claimAnswers } from '../../../domain/claims/states';
import { claimDecisions } from '../../../domain/claims/decisions';
import { belongsTo, idKey, ofApplication } from './columns';

/**
 * Claims (src/server/claims, issue 26): a landlord's claim on a guarantee, its items and the
 * tenant's answers. States move only through the tables of src/domain/claims/states.ts. Money in
 * cents. Rows go with their application (ON DELETE CASCADE); the landlord's e-mail address, IBAN
 * and name are personal data of the claim and never leave it (events and webhooks carry ids,
 * states and amounts only).
 */
export const claims = pgTable(
  'claims',
  {
    id: idKey(),
    applicationId: ofApplication(),
    /** Shown to both parties: the contract number and the claim's number, MK-2026-000042-F1. */
    reference: text('reference').notNull().unique(),
    state: text('state', { enum: claimStates }).notNull(),
    /** How the landlord proved who they are: the release code of our letter, or our e-mail link. */
    filedVia: text('filed_via', { enum: ['release_code', 'email_link'] }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The tenant's last day to answer (Berlin) and the moment after it (the expiry job's time). */
    answerDueOn: date('answer_due_on', { mode: 'string' }),
    answerEndsAt: timestamp('answer_ends_at', { withTimezone: true }),
    /** Reminders sent so far (0, 1, 2): the reminder jobs run at most once each. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    totalClaimedCents: integer('total_claimed_cents').notNull(),
    landlordEmail: text('landlord_email').notNull(),
    landlordIban: text('landlord_iban').notNull(),
    landlordAccountHolder: text('landlord_account_holder').notNull(),
    /** When the landlord declared the claim due (the form's box). */
    declaredDueAt: timestamp('declared_due_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('claims_application_idx').on(t.applicationId),
    index('claims_state_idx').on(t.state),
    check('claims_total_check', sql`${t.totalClaimedCents} > 0`),
  ],
);

/** One item of a claim: its kind, amount claimed, state, and the decision staff make. */
export const claimItems = pgTable(
  'claim_items',
  {
    id: idKey(),
    claimId: belongsTo('claim_id', () => claims.id),
    /** 1, 2, 3 … in the order the landlord listed them. */
    position: integer('position').notNull(),
    kind: text('kind', { enum: claimItemKinds }).notNull(),
    state: text('state', { enum: claimItemStates }).notNull(),
    claimedCents: integer('claimed_cents').notNull(),
    details: jsonb('details').$type<ClaimItemDetails[keyof ClaimItemDetails]>().notNull(),
    // The decision (claimpay's back office; the system for an item the tenant accepted).
    decision: text('decision', { enum: claimDecisions }),
    decidedCents: integer('decided_cents'),
    decisionReason: text('decision_reason'),
    /** A staff member's id, or 'system'. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The payout and the recourse.
    paidCents: integer('paid_cents'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('claim_items_claim_position_idx').on(t.claimId, t.position),
    index('claim_items_state_idx').on(t.state),
    check('claim_items_claimed_check', sql`${t.claimedCents} > 0`),
    check(
      'claim_items_decided_check',
      sql`${t.decidedCents} IS NULL OR (${t.decidedCents} >= 0 AND ${t.decidedCents} <= ${t.claimedCents})`,
    ),
    check(
      'claim_items_paid_check',
      sql`${t.paidCents} IS NULL OR (${t.paidCents} > 0 AND ${t.paidCents} <= ${t.decidedCents})`,
    ),
  ],
);

/** The tenant's answer to one item: one per item, final once given. */
export const claimAnswersTable = pgTable(
  'claim_answers',
  {
    id: idKey(),
    itemId: belongsTo('item_id', () => claimItems.id).unique(),
    answer: text('answer', { enum: claimAnswers }).notNull(),
    /** Required for an objection, optional with a lower proposal. */
    reason: text('reason'),
    counterCents: integer('counter_cents'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'claim_answers_counter_check',
      sql`(${t.answer} = 'counter') = (${t.counterCents} IS NOT NULL AND ${t.counterCents} > 0)`,
    ),
    check('claim_answers_reason_check', sql`${t.answer} <> 'object' OR ${t.reason} IS NOT NULL`),
  ],
);

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimItemRow = typeof claimItems.$inferSelect;
export type ClaimAnswerRow = typeof claimAnswersTable.$inferSelect;
