import * as z from 'zod/mini';

// Partners as the staff API answers them and the back office's partner pages read them (ADRs
// 1205, 1210): the server's answer schemas and, as their types, what the pages read. Written
// once here; dates travel as ISO strings.

const isoDate = z.string();

/** A partner API key as listed (the key itself is shown once, when it is made). */
export const partnerKeyView = z.object({
  id: z.string(),
  /** The key's first characters (mk_test_AbCd). */
  prefix: z.string(),
  sandbox: z.boolean(),
  createdAt: isoDate,
  lastUsedAt: z.nullable(isoDate),
  revokedAt: z.nullable(isoDate),
});
export type PartnerKeyView = z.output<typeof partnerKeyView>;

/** A partner's name and contact (what its details form edits). */
export const partnerDetails = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  contactName: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
});
export type PartnerDetailsView = z.output<typeof partnerDetails>;

/** A partner in the list (GET /api/staff/partners): details, webhook URL and keys. */
export const staffPartner = z.extend(partnerDetails, {
  webhookUrl: z.nullable(z.string()),
  keys: z.array(partnerKeyView),
});
export type StaffPartner = z.output<typeof staffPartner>;

/** One webhook event of a partner with its delivery attempts, newest first. */
export const webhookEventView = z.object({
  eventId: z.string(),
  type: z.string(),
  sandbox: z.boolean(),
  deliveredAt: z.nullable(isoDate),
  attempts: z.number(),
  createdAt: isoDate,
  deliveries: z.array(
    z.object({
      attempt: z.number(),
      url: z.string(),
      /** null when no answer came (refused, timeout). */
      statusCode: z.nullable(z.number()),
      error: z.nullable(z.string()),
      durationMs: z.number(),
      at: isoDate,
    }),
  ),
});
export type WebhookEventView = z.output<typeof webhookEventView>;
