import * as z from 'zod/mini';

/**
 * What the back office's money routes answer (ADRs 1226-1231), as the page "Zahlungsverkehr"
 * receives it (dates as strings): the server declares its answers with these schemas and the test
 * server checks every answer against them; the web reads the types (`import type`, so zod stays
 * out of the page's bundle). Not exported through domain/index for the same reason.
 */

/** A bank file's kind: debits (pain.008), refunds and payouts to landlords (pain.001). */
const batchKinds = ['debit', 'refund', 'payout'] as const;
/** The states the list shows; a discarded file is left out. */
export const shownBatchStatuses = ['draft', 'approved', 'released'] as const;
/** A bank statement's item as the import classified it (server/money/imports.ts). */
const bankItemKinds = ['return', 'reversal', 'credit', 'debit'] as const;

const day = z.string(); // YYYY-MM-DD
const instant = z.string(); // ISO 8601

export const moneyOverview = z.object({
  drafts: z.number(),
  approved: z.number(),
  unmatched: z.number(),
});
export type MoneyOverview = z.output<typeof moneyOverview>;

export const staffBatch = z.object({
  id: z.string(),
  kind: z.enum(batchKinds),
  status: z.enum(shownBatchStatuses),
  messageId: z.string(),
  count: z.number(),
  controlSumCents: z.number(),
  executionOn: day,
  createdAt: instant,
  submittedBy: z.nullable(z.string()),
  approvedBy: z.nullable(z.string()),
  releasedBy: z.nullable(z.string()),
  releasedAt: z.nullable(instant),
});
export type StaffBatch = z.output<typeof staffBatch>;

export const unmatchedItem = z.object({
  id: z.string(),
  endToEndId: z.nullable(z.string()),
  kind: z.enum(bankItemKinds),
  reason: z.nullable(z.string()),
  amountCents: z.number(),
});
export type UnmatchedItem = z.output<typeof unmatchedItem>;

export const sentRefund = z.object({
  id: z.string(),
  contractNumber: z.string(),
  amountCents: z.number(),
  dueOn: day,
  status: z.literal('sent'),
});
export type SentRefund = z.output<typeof sentRefund>;

export const importResult = z.object({
  duplicate: z.boolean(),
  format: z.optional(z.string()),
  matched: z.number(),
  unmatched: z.number(),
  actions: z.array(z.string()),
  /** The German result sentence the page shows. */
  message: z.string(),
});
export type ImportResult = z.output<typeof importResult>;

export const dunningDecisionTask = z.object({
  id: z.string(),
  applicationId: z.string(),
  contractNumber: z.string(),
  owedCents: z.number(),
  since: instant,
  disputeOpen: z.boolean(),
  plans: z.number(),
});
export type DunningDecisionTask = z.output<typeof dunningDecisionTask>;

export const openDispute = z.object({
  id: z.string(),
  contractNumber: z.string(),
  reason: z.string(),
  openedBy: z.enum(['tenant', 'staff']),
  openedAt: instant,
});
export type OpenDispute = z.output<typeof openDispute>;

/** A list answer: `{ items: [...] }`. */
export const itemsOf = <S extends z.ZodMiniType>(item: S) => z.object({ items: z.array(item) });
