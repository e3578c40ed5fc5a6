// What the staff API answers about applications and contracts (ADR 1305): the JSON as the back
// office (src/web/intern) receives it. The server declares its routes' answers with these schemas
// (and the test server checks every answer against them); the web reads its types from them.
import * as z from 'zod/mini';
import { listPage } from './listPage';
import { letterKinds } from '../contracts/letters';
import { contractStatuses } from '../contracts/status';
import { approvalStates } from './approvals';

/** What a person decides on a pending application (the decision form's choices). */
export const caseVerdicts = ['accept', 'decline'] as const;

const outcomes = ['accepted', 'declined', 'pending'] as const;
const applicationKinds = ['contract', 'reservation'] as const;
/** ISO 8601 time or day: dates travel as text. */
const time = z.string();
const landlord = z.object({ name: z.string(), address: z.string() });

/** What every list shows of an application (server: summaryOf in staff/cases.ts). */
const summary = {
  applicationId: z.string(),
  tenants: z.array(z.string()),
  email: z.string(),
  depositCents: z.number(),
  objectAddress: z.string(),
  landlord,
  submittedAt: z.nullable(time),
  partnerCode: z.nullable(z.string()),
};

export const searchPage = listPage(
  z.object({ ...summary, number: z.string(), orderState: z.nullable(z.string()) }),
);
export type SearchHit = z.output<typeof searchPage>['items'][number];

export const decisionPage = listPage(
  z.object({
    ...summary,
    number: z.string(),
    kind: z.enum(applicationKinds),
    reasons: z.array(z.string()),
    autoOutcome: z.enum(outcomes),
    decidedBy: z.enum(['auto', 'staff']),
    decidedAt: time,
  }),
);
export type DecisionItem = z.output<typeof decisionPage>['items'][number];

export const letterPage = listPage(
  z.object({
    id: z.string(),
    applicationId: z.string(),
    contractNumber: z.string(),
    kind: z.enum(letterKinds),
    recipient: z.string(),
    landlord,
    objectAddress: z.string(),
    createdAt: time,
    overdue: z.boolean(),
  }),
);
export type LetterItem = z.output<typeof letterPage>['items'][number];

export const endingPage = listPage(
  z.object({
    ...summary,
    contractNumber: z.string(),
    status: z.enum(contractStatuses),
    endedAt: z.nullable(time),
    endOn: z.nullable(time),
    openApprovalId: z.nullable(z.string()),
  }),
);
export type EndingItem = z.output<typeof endingPage>['items'][number];

export const approvalPage = listPage(
  z.object({
    id: z.string(),
    kind: z.string(),
    subject: z.string(),
    reason: z.string(),
    state: z.enum(approvalStates),
    draftedBy: z.string(),
    draftedById: z.string(),
    draftedAt: time,
  }),
);
export type ApprovalItem = z.output<typeof approvalPage>['items'][number];

/** The start page's counts. */
export const caseCounts = z.object({
  pending: z.number(),
  declined: z.number(),
  letters: z.number(),
  lettersOverdue: z.number(),
  endings: z.number(),
  approvals: z.number(),
  requests: z.number(),
});
export type CaseCounts = z.output<typeof caseCounts>;

/** One application with its decisions, contract, documents and timeline. */
export const caseFile = z.object({
  ...summary,
  sandbox: z.boolean(),
  kind: z.enum(applicationKinds),
  orderState: z.nullable(z.string()),
  phone: z.string(),
  ibanLast4: z.string(),
  decisions: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(applicationKinds),
      outcome: z.enum(outcomes),
      autoOutcome: z.enum(outcomes),
      reasons: z.array(z.string()),
      decidedBy: z.enum(['auto', 'staff']),
      decidedAt: time,
    }),
  ),
  contract: z.nullable(
    z.object({
      contractNumber: z.string(),
      status: z.enum(contractStatuses),
      startOn: time,
      endOn: z.nullable(time),
      withdrawalDeadline: time,
      ratePerPaymentCents: z.number(),
      paymentsPerYear: z.number(),
    }),
  ),
  documents: z.array(z.object({ kind: z.string(), filename: z.string(), createdAt: time })),
  timeline: z.array(
    z.object({
      type: z.string(),
      actor: z.string(),
      at: time,
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type CaseFile = z.output<typeof caseFile>;
