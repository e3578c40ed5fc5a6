import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applicationKey } from './columns';

/**
 * The product selection of the page an application began on (spec §7 query product_selection,
 * ADR 0831): one row per application, the first one named; deleted with the application.
 */
export const applicationProducts = pgTable('application_products', {
  applicationId: applicationKey(),
  productSelection: text('product_selection').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
