import * as z from 'zod/mini';
import { answer, component, described, errorAnswer } from '../http/answers';
import { contractStatuses } from '../../domain/index';

// What the after-sale API answers (ADR 1265), next to its routes (routes.ts). Errors are the
// shared ErrorList; field errors carry `field` (contractNumber, email, iban, street, number, zip,
// city, code).

const text = (description: string) => described(z.string(), description);
const status = described(
  z.enum(contractStatuses),
  'cancellation_requested: the tenant cancelled; the guarantee stays in force until the landlord releases it (or the original certificate comes back); it then becomes cancelled (ADR 0925)',
);

export const received = answer(
  z.object({
    receivedAt: text('ISO 8601 time of receipt'),
    receivedAtText: text('Europe/Berlin, e.g. "02.03.2026 um 10:00:05 Uhr"'),
    next: z.optional(
      described(
        z.enum(['confirm_by_email', 'done']),
        'confirm_by_email (a link went to the stored address, if it matched) or done',
      ),
    ),
    applied: z.optional(described(z.boolean(), 'With next=done: the contract is withdrawn')),
    money: z.optional(
      described(
        z.array(z.string()),
        'When applied: the German sentences on refunds and debits still underway (the e-mail says the same)',
      ),
    ),
    contractNumber: z.optional(z.string()),
  }),
  'Declaration received (the same answer whether or not a contract matched)',
);

export const sessionExpired = errorAnswer(
  'session_expired: no or an expired contract-page session',
);
export const fieldErrors = errorAnswer('Field errors (each names its field)');
export const tooManyRequests = errorAnswer('too_many_requests: too many requests from this client');
export const linkExpired = errorAnswer('link_expired: expired, used or unknown');

export const verification = component(
  'ContractVerification',
  z.object({
    sandbox: z.optional(
      described(
        z.boolean(),
        'true (only then present): a sandbox test contract, a specimen, no guarantee',
      ),
    ),
    status,
    endedOn: z.optional(
      text('TT.MM.JJJJ: the day it was withdrawn or released, or the cancellation took effect'),
    ),
    contractNumber: z.string(),
    deposit: z.number(),
    objectAddress: z.string(),
  }),
);

const address = z.object({
  street: z.optional(z.string()),
  number: z.optional(z.string()),
  zip: z.optional(z.string()),
  city: z.optional(z.string()),
});

export const contractView = answer(
  z.object({
    contractNumber: z.string(),
    status,
    endedOn: z.optional(z.string()),
    deposit: z.number(),
    objectAddress: z.string(),
    ratePerPaymentCents: z.nullable(z.number()),
    paymentAdverb: z.string(),
    mandateReference: z.nullable(z.string()),
    iban: text('Masked: "DE89 … 3000"'),
    address,
    withdrawalDeadline: text('TT.MM.JJJJ'),
    withdrawalPossible: z.boolean(),
    refundCents: z.nullable(z.number()),
    outstandingCents: z.nullable(z.number()),
    documents: z.array(z.object({ kind: z.string(), filename: z.string(), url: z.string() })),
  }),
  'Contract view',
);

const cents = z.number().check(z.int());
export const payments = answer(
  z.object({
    debits: z.array(
      z.object({
        dueOn: z.string(),
        period: z.optional(z.unknown()),
        amountCents: cents,
        state: z.string(),
        returnReason: z.optional(z.string()),
      }),
    ),
    feeCents: cents,
    openCents: cents,
    transfer: z.optional(
      z.object({
        name: z.string(),
        iban: z.string(),
        amountCents: cents,
        reference: z.string(),
        qrSvg: text('GiroCode (EPC QR) as SVG'),
      }),
    ),
    refunds: z.array(
      z.object({ amountCents: cents, dueOn: z.nullable(z.string()), state: z.string() }),
    ),
  }),
  'Payments',
);

export const cancellation = answer(
  z.object({
    status: z.enum(['cancellation_requested']),
    receivedAtText: text('TT.MM.JJJJ um HH:MM:SS Uhr (Berlin)'),
  }),
  'Cancellation received; it takes effect on the day the release or the original arrives',
);

export const ok = z.object({ ok: z.literal(true) });

const instalmentPart = z.object({
  n: z.number().check(z.int()),
  amountCents: cents,
  dueOn: text('YYYY-MM-DD'),
});

export const instalmentOffer = answer(
  z.object({
    owedCents: cents,
    choices: z.array(z.object({ count: z.number().check(z.int()), amountCents: cents })),
    firstDueOn: text('YYYY-MM-DD: the earliest first instalment'),
    ibanRequired: described(z.boolean(), 'The mandate was stopped: a plan needs a new IBAN'),
    plans: z.array(
      z.object({
        seq: z.number().check(z.int()),
        totalCents: cents,
        count: z.number().check(z.int()),
        agreedBy: z.enum(['tenant', 'staff']),
        createdAt: text('ISO 8601'),
        parts: z.array(z.object({ ...instalmentPart.shape, state: z.string() })),
      }),
    ),
    disputeOpenedAt: z.optional(text('ISO 8601: a dispute is open (dunning pauses)')),
  }),
  'Offer and plans',
);

export const instalmentPlan = answer(
  z.object({
    count: z.number().check(z.int()),
    totalCents: cents,
    schedule: z.array(instalmentPart),
    mandateReference: z.string(),
  }),
  'The plan: count, total, schedule, mandate reference',
);

export const disputeRecorded = answer(
  z.object({ openedAt: text('ISO 8601') }),
  'Recorded; dunning pauses until staff close it',
);
