import { sql } from 'drizzle-orm';
import { uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications } from './applications';

// Column blocks the tables share (no table here: drizzle-kit sees only what index.ts exports).

/** A random uuid as the primary key. */
export const idKey = () => uuid('id').primaryKey().defaultRandom();

/**
 * A time-ordered uuid (version 7, made by the database's `uuid_v7()`, migration 0021) as the
 * primary key of tables the batch work appends to by the thousand (ledger entries, debits): a
 * new key goes to the right-hand end of the index instead of a random page of it (ADR 1498).
 * The key shows when the row was made, to the millisecond; these ids stay inside the back office.
 */
export const appendedIdKey = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);

/** A required reference to the row this one belongs to: deleted with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** The application this row belongs to: deleted with the application (ADR 0712). */
export const ofApplication = () => belongsTo('application_id', () => applications.id);

/** One row per application: its id as the key, deleted with the application. */
export const applicationKey = () =>
  uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' });
