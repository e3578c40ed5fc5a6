import * as z from 'zod/mini';
import { claimItemKinds } from '../../domain/claims/kinds';
import { claimAnswers, claimItemStates, claimStates } from '../../domain/claims/states';
import { answer, component, described, errorAnswer } from '../http/answers';

// What the claims API answers (ADR 1265), next to its routes (routes.ts). Errors are the shared
// ErrorList; field errors carry `field` (items.N.…, iban, accountHolder, email, declaration, code).

const cents = (description: string) => described(z.number().check(z.int()), description);
const text = (description: string) => described(z.string(), description);
const uploadUrl = z.optional(
  text('Where to POST evidence files (multipart/form-data) for this claim or answer (ADR 1250)'),
);

export const landlordView = answer(
  z.object({
    guaranteeCents: cents("The guarantee's amount"),
    paidCents: cents('Paid out on claims so far'),
    remainingCents: cents('What a new claim may still ask'),
    mayClaim: z.boolean(),
    linkValid: described(z.boolean(), "The landlord's link (query link) is valid"),
  }),
  'Remaining amount of the guarantee',
);

export const filed = answer(
  z.object({
    claimId: z.string(),
    reference: text('MK-2026-000042-F1'),
    state: described(z.enum(claimStates), 'notified'),
    totalCents: cents('Total claimed'),
    answerDueOn: z.nullable(text('YYYY-MM-DD: the last day the tenant may answer')),
    uploadUrl,
  }),
  'Filed and the tenant notified',
);

export const linkSent = answer(
  z.object({
    sent: described(
      z.boolean(),
      'Always true: the answer does not reveal whether the address is known',
    ),
  }),
  'Sent if the address is on record (the same answer for any address)',
);

const evidenceFile = z.object({
  id: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().check(z.int()),
  url: text('A short-lived link to the file'),
});

const tenantClaims = component(
  'TenantClaims',
  z.object({
    claims: z.array(
      z.object({
        id: z.string(),
        reference: z.string(),
        state: z.enum(claimStates),
        filedAt: text('ISO 8601'),
        answerDueOn: z.nullable(text('YYYY-MM-DD')),
        daysLeft: z.nullable(described(z.number(), 'Days left to answer')),
        totalCents: cents('Total claimed'),
        files: z.array(evidenceFile),
        items: z.array(
          z.object({
            id: z.string(),
            position: z.number().check(z.int()),
            kind: z.enum(claimItemKinds),
            state: z.enum(claimItemStates),
            claimedCents: cents('Amount claimed'),
            details: described(z.unknown(), "The item's details by kind (months, period, …)"),
            answer: z.nullable(
              z.object({
                answer: z.enum(claimAnswers),
                reason: z.nullable(z.string()),
                counterCents: z.nullable(cents('The lower amount proposed')),
                answeredAt: text('ISO 8601'),
                files: z.array(evidenceFile),
              }),
            ),
            decidedCents: z.nullable(cents('Decided by staff (or accepted)')),
            decisionReason: z.nullable(z.string()),
            paidCents: z.nullable(cents('Paid out')),
          }),
        ),
      }),
    ),
  }),
  "The contract's claims with items, answers and the days left to answer",
);

export const claimsView = answer(tenantClaims, 'Claims');

export const answered = answer(
  z.object({ ...tenantClaims.shape, uploadUrl }),
  'Claims after the answer (with an upload link for an objection or a proposal)',
);

export const claimFieldErrors = errorAnswer(
  'Field errors (items.N.…, iban, accountHolder, email, declaration, code)',
);
export const unknownToken = errorAnswer('unknown');
export const lockedOrTooMany = errorAnswer(
  'locked: too many wrong codes; too_many_requests: too many requests from this client',
);
