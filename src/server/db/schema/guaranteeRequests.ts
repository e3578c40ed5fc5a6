import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idKey } from './columns';

/**
 * Requests for an individual digital guarantee above the online maximum deposit (spec §2 /start,
 * ADR 0836): amount and contact, answered by staff. `state` open until staff answer it.
 */
export const guaranteeRequests = pgTable('guarantee_requests', {
  id: idKey(),
  /** Named in the confirmation e-mail and on the page, e.g. AN-7F3A92C1B04D. */
  reference: text('reference').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message'),
  state: text('state', { enum: ['open', 'answered'] })
    .notNull()
    .default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});
