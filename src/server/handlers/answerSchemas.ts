import * as z from 'zod/mini';
import { answer, component, described, errorAnswer } from '../http/answers';
import { stepIds } from '../services/rulebook';

// The answers both API generations share (ADR 1265): each described once, as the JSON the client
// receives; the routes declare them per status, the test server checks every answer against them.

const text = (description: string) => described(z.string(), description);
const list = (description: string) => described(z.array(z.string()), description);

/** A save's field errors by wire name (spec §7): message list, the value sent, the codes. */
const fieldErrors = described(
  z.record(
    z.string(),
    z.object({
      message: z.array(z.string()),
      value: z.optional(z.unknown()),
      code: z.optional(z.array(z.string())),
    }),
  ),
  'Field errors by wire name; empty when the data is valid.',
);

/** `{cid, errors, skip_to}` of every save (both generations, uce calls). */
const saveAnswer = component(
  'SaveAnswer',
  z.object({
    cid: text('Session id (144 random bits); keep it secret.'),
    errors: fieldErrors,
    skip_to: z.nullable(z.enum(stepIds)),
    state: z.optional(described(z.enum(['submitted']), 'Present after the final submission.')),
    applicationId: z.optional(text('Partner calls only: the id webhook events carry.')),
    warnings: z.optional(
      described(
        z.object({
          unknownFields: z.optional(
            list('Keys that are no field, as dotted paths (e.g. firstTenant.nmae).'),
          ),
          ignoredFields: z.optional(
            list('Keys that only count with a partner key (firstTenant.termsAccepted, product).'),
          ),
          defaultedFields: z.optional(
            list('Fields left out by a partner call that got their documented default.'),
          ),
          assertedConsents: z.optional(
            list("Consents taken from the tenant's termsAccepted as the partner asserts it."),
          ),
          messages: list('German sentences'),
        }),
        "Present when something needs the integrator's attention although the save went through.",
      ),
    ),
  }),
);

/** The answers of a save, by status (the 400 of a save carries field errors in a save answer). */
export const saveAnswers = {
  200: answer(saveAnswer, 'Saved (field errors, if any, in errors)'),
  400: answer(
    z.union([saveAnswer, z.object({ errors: z.array(z.unknown()) })]),
    'Values refused (field errors in errors), or an unknown step (error list)',
  ),
  401: errorAnswer(
    'invalid_authorization or invalid_api_key (only when an Authorization header is sent)',
  ),
  403: errorAnswer('Foreign Origin (browser CSRF protection)'),
  404: errorAnswer('unknown: cid not found'),
  409: errorAnswer('already_submitted, sandbox_mismatch, foreign_application'),
  410: errorAnswer('days_to_keep_data_exceeded or reservation_expired'),
  413: errorAnswer('Body too large'),
  415: errorAnswer('Content type other than JSON or form-urlencoded'),
  429: errorAnswer('Too many writes from this client, or partner_rate_limited for a key'),
} as const;

/**
 * The request/response body of a tenancy: the OpenAPI document generates it from the domain's
 * wire names and kinds (api/openapi.ts); the answer check only sees an object.
 */
export const tenancy = component('Tenancy', z.record(z.string(), z.unknown()));

/** The errors of loading an application (spec §8 keys). */
export const loadErrors = {
  404: errorAnswer('unknown'),
  409: errorAnswer('already_submitted'),
  410: errorAnswer('days_to_keep_data_exceeded or reservation_expired'),
} as const;

const rate = z.object({
  rate_per_payment: z.number(),
  rate_per_year: z.number(),
  i18n_noun: z.string(),
  i18n_adverb: z.string(),
  rate_per_year_factor: z.number(),
});
export const ratesAnswers = {
  200: answer(
    component('Rates', z.record(z.string(), rate)),
    'Rates keyed by payments per year (1, 2, 4, 12)',
  ),
  400: errorAnswer('invalid_sum, invalid_payment'),
} as const;

export const bankNameAnswers = {
  200: answer(
    z.object({
      bankCode: z.string(),
      bankName: z.string(),
      name: text('The bank name again (older clients)'),
      bic: z.nullable(z.string()),
    }),
    'The bank',
  ),
  400: errorAnswer('invalid_bank_code'),
  404: errorAnswer('unknown_bank_code'),
} as const;

export const partnerLookupAnswers = {
  200: answer(
    z.object({
      data: described(
        z.array(z.object({ code: z.optional(z.string()), name: z.string() })),
        'Sub-partners (empty: no uce step needed); names only when the partner hides its codes',
      ),
      partner: z.object({ code: z.string(), name: z.string(), hidePartnerCode: z.boolean() }),
    }),
    'The partner and its sub-partners',
  ),
  404: errorAnswer('unknown_partner'),
  429: errorAnswer('too_many_requests: partner lookups are throttled'),
} as const;

/** "Später fortfahren": sent, queued for retries, or errors.email. */
export const saveProgressAnswers = {
  200: answer(
    z.object({
      cid: z.optional(z.string()),
      errors: fieldErrors,
      sent: described(z.boolean(), 'true once the mail server took it'),
      queued: z.optional(
        described(
          z.boolean(),
          'true: refused for now (SMTP 4xx), retried with back-off until MAIL_RETRY_HOURS, then given up',
        ),
      ),
    }),
    'Sent, queued for retries, or errors.email',
  ),
  404: errorAnswer('unknown'),
  410: errorAnswer('days_to_keep_data_exceeded or reservation_expired'),
  // Two limits answer 429: the resume-mail limits on the field, the one write limit (ADR 1110)
  // before the handler runs, as every API error.
  429: answer(
    z.union([
      z.object({ cid: z.optional(z.string()), errors: fieldErrors, sent: z.literal(false) }),
      errorAnswer('').schema,
    ]),
    'Too many resume mails from this client or to this address (errors.email), or too_many_requests: too many writes from this client (the error list)',
  ),
} as const;
