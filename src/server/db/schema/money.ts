import { sql } from 'drizzle-orm';
import {
  check,
  date,
  jsonb,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appendedIdKey, applicationKey, idKey, ofApplication } from './columns';
import { ledgerKinds } from '../../../domain/money/ledger';
import { payoutStates } from '../../../domain/money/payouts';
import { dunningDecisions } from '../../../domain/money/decisions';

/**
 * Money (src/server/money, issue 25): the premium ledger, SEPA mandates, debits, refunds, the
 * bank files (batches) and what came back from the bank (imports). Staff are named by their id
 * as text: the staff table belongs to the back office. Four eyes are CHECK constraints here, so
 * they hold whatever calls the database.
 */

/** Append-only (a trigger refuses UPDATE; ADR 1220): one row per money event of a contract. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: appendedIdKey(),
    applicationId: ofApplication(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** First day of the premium period the entry belongs to, where it belongs to one. */
    period: date('period', { mode: 'string' }),
    /** The day the money moved (or the event happened), Berlin. */
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * What booked it, unique per contract and kind (a second booking of the same thing fails):
     * 'debit:<id>', 'settlement:<status>:<period>', 'import:<item id>', 'refund:<id>'.
     */
    source: text('source').notNull(),
  },
  (t) => [
    // Kept beside the unique index, which also leads with the application: without it
    // PostgreSQL read a page of 1,000 contracts' ledgers by a parallel scan of the whole table
    // (ADR 1498).
    index('ledger_entries_application_idx').on(t.applicationId),
    uniqueIndex('ledger_entries_source_kind_idx').on(t.applicationId, t.source, t.kind),
    check(
      'ledger_entries_amount_check',
      sql`(${t.kind} = 'correction' AND ${t.amountCents} <> 0) OR ${t.amountCents} > 0`,
    ),
  ],
);

/** A SEPA mandate: one per contract and bank account (a new IBAN makes a new one). */
export const sepaMandates = pgTable('sepa_mandates', {
  reference: text('reference').primaryKey(),
  applicationId: ofApplication(),
  iban: text('iban').notNull(),
  debtorName: text('debtor_name').notNull(),
  signedOn: date('signed_on', { mode: 'string' }).notNull(),
  /** Set when the bank said the account cannot be debited (AC01, AC04, AC06, AG01, MD01...). */
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  stopReason: text('stop_reason'),
});

export const debitStates = ['planned', 'in_batch', 'presented', 'collected', 'returned'] as const;

/** One presentation of one premium period (a re-presentation is a new row, attempt + 1). */
export const sepaDebits = pgTable(
  'sepa_debits',
  {
    id: appendedIdKey(),
    applicationId: ofApplication(),
    period: date('period', { mode: 'string' }).notNull(),
    attempt: integer('attempt').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    mandateReference: text('mandate_reference').notNull(),
    sequence: text('sequence', { enum: ['FRST', 'RCUR'] }).notNull(),
    endToEndId: text('end_to_end_id').notNull().unique(),
    status: text('status', { enum: debitStates }).notNull(),
    batchId: uuid('batch_id'),
    returnReason: text('return_reason'),
    /** The instalment this debit collects (its `period` is then the instalment's day). */
    instalmentId: uuid('instalment_id'),
    /** The pre-notification e-mail went out (changed amounts; issue 25 item 3). */
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sepa_debits_status_idx').on(t.status, t.dueOn),
    // The day's file reads planned debits a page at a time in file order (ADR 1270): the
    // index walks from the last page's key instead of sorting every planned debit per page.
    index('sepa_debits_file_order_idx').on(t.status, t.sequence, t.dueOn, t.endToEndId),
    uniqueIndex('sepa_debits_period_attempt_idx')
      .on(t.applicationId, t.period, t.attempt)
      .where(sql`${t.instalmentId} IS NULL`),
    uniqueIndex('sepa_debits_instalment_attempt_idx')
      .on(t.instalmentId, t.attempt)
      .where(sql`${t.instalmentId} IS NOT NULL`),
    check('sepa_debits_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** A refund owed to a tenant, paid by credit transfer (pain.001). */
export const refunds = pgTable(
  'refunds',
  {
    id: idKey(),
    applicationId: ofApplication(),
    amountCents: integer('amount_cents').notNull(),
    /** 14 days after the event (withdrawal, cancellation, release), as promised. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    endToEndId: text('end_to_end_id').notNull().unique(),
    status: text('status', { enum: ['open', 'in_batch', 'sent', 'paid'] }).notNull(),
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [check('refunds_amount_check', sql`${t.amountCents} > 0`)],
);

/**
 * A claim item paid to the landlord by credit transfer (issue 26, ADR 1256). Above the limit in
 * force when it was asked for (`four_eyes_limit_cents`, from CLAIM_PAYOUT_FOUR_EYES_CENTS) it
 * needs a second person's approval before it may go into a file: CHECK constraints hold that
 * whatever writes to the database. `requested_by` is a staff id or 'system' (an item the tenant
 * accepted); `approved_by` a staff id.
 */
export const claimPayouts = pgTable(
  'claim_payouts',
  {
    id: idKey(),
    applicationId: ofApplication(),
    claimId: uuid('claim_id').notNull(),
    itemId: uuid('item_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    creditorName: text('creditor_name').notNull(),
    creditorIban: text('creditor_iban').notNull(),
    endToEndId: text('end_to_end_id').notNull().unique(),
    remittance: text('remittance').notNull(),
    status: text('status', { enum: payoutStates }).notNull(),
    fourEyesLimitCents: integer('four_eyes_limit_cents').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    batchId: uuid('batch_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who confirmed it: 'statement' (the import) or the supervisor's id. */
    paidConfirmedBy: text('paid_confirmed_by'),
  },
  (t) => [
    index('claim_payouts_status_idx').on(t.status),
    check('claim_payouts_amount_check', sql`${t.amountCents} > 0`),
    check('claim_payouts_four_eyes', sql`${t.approvedBy} <> ${t.requestedBy}`),
    check(
      'claim_payouts_approved_check',
      sql`${t.status} = 'awaiting_approval' OR ${t.amountCents} <= ${t.fourEyesLimitCents} OR (${t.approvedBy} IS NOT NULL AND ${t.approvedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * A bank file: drafted, approved by a second person, released (downloaded) once. The XML and
 * its SHA-256 are fixed when drafted; message ids and hashes are unique, so the same file can
 * never be released twice.
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: idKey(),
    kind: text('kind', { enum: ['debit', 'refund', 'payout'] }).notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: ['draft', 'approved', 'released', 'discarded'] }).notNull(),
    xml: text('xml').notNull(),
    sha256: text('sha256').notNull().unique(),
    count: integer('count').notNull(),
    controlSumCents: integer('control_sum_cents').notNull(),
    /** Requested collection (debit) or execution (refund) date. */
    executionOn: date('execution_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The staff member who checked the draft and put it forward (the job only prepares it). */
    draftedBy: text('drafted_by'),
    draftedAt: timestamp('drafted_at', { withTimezone: true }),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    releasedBy: text('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_batches_four_eyes', sql`${t.approvedBy} <> ${t.draftedBy}`),
    check(
      'payment_batches_approved_check',
      sql`${t.status} NOT IN ('approved', 'released') OR (${t.approvedBy} IS NOT NULL AND ${t.draftedBy} IS NOT NULL)`,
    ),
    check(
      'payment_batches_released_check',
      sql`(${t.status} = 'released') = (${t.releasedAt} IS NOT NULL)`,
    ),
  ],
);

/** One uploaded bank file (camt.053, camt.054, pain.002); its hash makes the import idempotent. */
export const bankImports = pgTable('bank_imports', {
  id: idKey(),
  sha256: text('sha256').notNull().unique(),
  format: text('format', { enum: ['camt.053', 'camt.054', 'pain.002'] }).notNull(),
  importedBy: text('imported_by').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  items: integer('items').notNull(),
});

/** One entry of an import: matched to a debit or refund, or waiting for staff (the queue). */
export const bankImportItems = pgTable(
  'bank_import_items',
  {
    id: idKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankImports.id, { onDelete: 'cascade' }),
    endToEndId: text('end_to_end_id'),
    kind: text('kind', { enum: ['return', 'reversal', 'credit', 'debit'] }).notNull(),
    reason: text('reason'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    debitId: uuid('debit_id'),
    refundId: uuid('refund_id'),
    /** A claim payout our transfer paid (ADR 1256). */
    payoutId: uuid('payout_id'),
    status: text('status', { enum: ['matched', 'unmatched', 'resolved'] }).notNull(),
    resolvedBy: text('resolved_by'),
  },
  (t) => [index('bank_import_items_status_idx').on(t.status)],
);

/** Work for staff the money side found (MD01/MD02 returns, dunning decisions). */
export const moneyTasks = pgTable(
  'money_tasks',
  {
    id: idKey(),
    applicationId: ofApplication(),
    kind: text('kind', { enum: ['mandate_dispute', 'dunning_decision'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneBy: text('done_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** How a dunning decision was taken (ADR 1229). */
    decision: text('decision', { enum: dunningDecisions }),
  },
  (t) => [index('money_tasks_open_idx').on(t.doneAt)],
);

/** Reminders sent for an unpaid amount (dunning, ADR 1224): level 1, then 2, then staff. */
export const dunningNotices = pgTable(
  'dunning_notices',
  {
    id: idKey(),
    applicationId: ofApplication(),
    level: integer('level').notNull(),
    amountCents: integer('amount_cents').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('dunning_notices_application_idx').on(t.applicationId),
    check('dunning_notices_level_check', sql`${t.level} IN (1, 2)`),
  ],
);

/**
 * An instalment plan over an amount the tenant owes (ADR 1228): agreed by staff as the dunning
 * decision or chosen by the tenant on the contract page. Its parts are collected by the daily
 * run on the mandate named here; the periods it covers are no longer debited on their own.
 */
export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: idKey(),
    applicationId: ofApplication(),
    /** 1, 2, ... per contract: names the plan in end-to-end ids ('P1'). */
    seq: integer('seq').notNull(),
    /** What is paid off: premiums, or (also) what the guarantor paid on a claim (ADR 1280). */
    purpose: text('purpose', { enum: ['premium_arrears', 'claim_recourse'] }).notNull(),
    totalCents: integer('total_cents').notNull(),
    count: integer('count').notNull(),
    mandateReference: text('mandate_reference').notNull(),
    /** Premium periods whose open amounts the plan pays (the run debits them no more). */
    coveredPeriods: jsonb('covered_periods').$type<string[]>().notNull(),
    /** 'tenant' (self-service) or 'staff:<id>'. */
    agreedBy: text('agreed_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('instalment_plans_seq_idx').on(t.applicationId, t.seq),
    check('instalment_plans_total_check', sql`${t.totalCents} > 0 AND ${t.count} BETWEEN 1 AND 12`),
  ],
);

export const instalments = pgTable(
  'instalments',
  {
    id: idKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => instalmentPlans.id, { onDelete: 'cascade' }),
    applicationId: ofApplication(),
    n: integer('n').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('instalments_plan_n_idx').on(t.planId, t.n),
    index('instalments_application_idx').on(t.applicationId),
    check('instalments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** An amount handed over to a collection agency (dunning decision, ADR 1229). */
export const collectionHandovers = pgTable('collection_handovers', {
  id: idKey(),
  applicationId: ofApplication(),
  amountCents: integer('amount_cents').notNull(),
  handedOverBy: text('handed_over_by').notNull(),
  handedOverAt: timestamp('handed_over_at', { withTimezone: true }).notNull(),
});

/**
 * The tenant disputes a debit (or the premium): dunning pauses while one is open (ADR 1230).
 * Opened by the tenant on the contract page or by staff, closed by staff.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: idKey(),
    applicationId: ofApplication(),
    /** 'tenant' or 'staff:<id>'. */
    openedBy: text('opened_by').notNull(),
    reason: text('reason').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closingNote: text('closing_note'),
  },
  (t) => [
    index('payment_disputes_application_idx').on(t.applicationId),
    check('payment_disputes_closed_check', sql`(${t.closedAt} IS NULL) = (${t.closedBy} IS NULL)`),
  ],
);

export type SepaDebitRow = typeof sepaDebits.$inferSelect;
export type PaymentBatchRow = typeof paymentBatches.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type ClaimPayoutRow = typeof claimPayouts.$inferSelect;

/**
 * Which insurer a contract belongs to (ADR 1232), where it is not the first configured one
 * (`INSURERS`). Contracts without a row belong to the default insurer.
 */
export const contractInsurers = pgTable('contract_insurers', {
  applicationId: applicationKey(),
  insurerId: text('insurer_id').notNull(),
});
