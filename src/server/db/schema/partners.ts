import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Partners bring customers through links carrying their code (vm_id / partner_code). */
export const partners = pgTable('partners', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Whom the operator talks to at the partner (back office, ADR 1210); not shown to tenants. */
  contactName: text('contact_name'),
  contactEmail: text('contact_email'),
  /** Free configuration handed to the web app by the partner lookup (e.g. hide_partner_code). */
  settings: jsonb('settings')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

/** Sub-partners (uvm_id) belong to one partner, e.g. the branches of an estate agent. */
export const subPartners = pgTable(
  'sub_partners',
  {
    partnerCode: text('partner_code')
      .notNull()
      .references(() => partners.code, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.partnerCode, t.code] })],
);

export type PartnerRow = typeof partners.$inferSelect;
export type SubPartnerRow = typeof subPartners.$inferSelect;
