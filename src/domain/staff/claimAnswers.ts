// What the staff API answers in the claims review (ADR 1257, 1305): the JSON as the back office's
// claims page (src/web/intern/ClaimsPage.tsx) receives it; the server declares its answers with it.
import * as z from 'zod/mini';
import { listPage } from './listPage';
import { claimAnswers, claimItemStates, claimStates } from '../claims/states';
import { claimItemKinds } from '../claims/kinds';
import { claimDecisions } from '../claims/decisions';
import { payoutStates } from '../money/payouts';

/** An evidence file with a short-lived staff link (ADR 1250). */
const evidenceFile = z.object({
  id: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  expiresAt: z.string(),
});
export type StaffEvidenceFile = z.output<typeof evidenceFile>;

export const claimCounts = z.object({
  itemsToDecide: z.number(),
  payoutsToApprove: z.number(),
  openClaims: z.number(),
});
export type ClaimCounts = z.output<typeof claimCounts>;

/**
 * One page of the queue: open claims, oldest first, each with its count of items to decide
 * (ADR 1338).
 */
export const claimQueue = listPage(
  z.object({
    id: z.string(),
    reference: z.string(),
    contractNumber: z.string(),
    state: z.enum(claimStates),
    filedAt: z.string(),
    totalClaimedCents: z.number(),
    toDecide: z.number(),
  }),
);
export type ClaimRow = z.output<typeof claimQueue>['items'][number];

const claimItem = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(claimItemKinds),
  state: z.enum(claimItemStates),
  claimedCents: z.number(),
  details: z.record(z.string(), z.unknown()),
  answer: z.nullable(
    z.object({
      answer: z.enum(claimAnswers),
      reason: z.nullable(z.string()),
      counterCents: z.nullable(z.number()),
      files: z.array(evidenceFile),
    }),
  ),
  decision: z.nullable(z.enum(claimDecisions)),
  decidedCents: z.nullable(z.number()),
  decisionReason: z.nullable(z.string()),
  awaitsDecision: z.boolean(),
  payout: z.nullable(
    z.object({ id: z.string(), status: z.enum(payoutStates), amountCents: z.number() }),
  ),
});
export type StaffClaimItem = z.output<typeof claimItem>;

/** One claim with both sides' answers, the decisions and the payouts. */
export const staffClaimView = z.object({
  id: z.string(),
  reference: z.string(),
  contractNumber: z.string(),
  state: z.enum(claimStates),
  filedAt: z.string(),
  answerDueOn: z.nullable(z.string()),
  totalClaimedCents: z.number(),
  landlord: z.object({ email: z.string(), accountHolder: z.string() }),
  files: z.array(evidenceFile),
  items: z.array(claimItem),
});
export type StaffClaimView = z.output<typeof staffClaimView>;
