import { uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications } from './applications';

// Column blocks the tables share (no table here: drizzle-kit sees only what index.ts exports).

/** A random uuid as the primary key. */
export const idKey = () => uuid('id').primaryKey().defaultRandom();

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
