import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the drizzle-kit migrations (idempotent; drizzle records what ran). drizzle has no lock of
 * its own: two instances migrating a fresh PostgreSQL database at once raced on CREATE SCHEMA and
 * one crashed. Under the advisory lock the second waits, then finds nothing left to do (ADR 1113).
 */
export async function migrate(db: Database): Promise<void> {
  await db.exclusive('migrate', async () => {
    if (db.engine === 'pglite') {
      await migratePglite(db.orm as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db.orm as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
