import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const journalFile = new URL('./migrations/meta/_journal.json', import.meta.url);

/**
 * Whether the database has every migration already, asked the way drizzle's migrator decides
 * (a migration runs when the newest recorded `created_at` is older than its folder time): two
 * queries instead of the migrator's five round trips and reading every migration file, at every
 * start (start time, ADR 1001).
 */
async function upToDate(db: Database): Promise<boolean> {
  const { entries } = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...entries.map((e) => e.when));
  const table = await db.executeSql(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (table.rows[0]?.present !== true) return false;
  const last = await db.executeSql(
    'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  return Number(last.rows[0]?.last ?? 0) >= newest;
}

/**
 * Applies the drizzle-kit migrations (idempotent; drizzle records what ran). drizzle has no lock of
 * its own: two instances migrating a fresh PostgreSQL database at once raced on CREATE SCHEMA and
 * one crashed. Under the advisory lock the second waits, then finds nothing left to do (ADR 1113).
 */
export async function migrate(db: Database): Promise<void> {
  await db.exclusive('migrate', async () => {
    if (await upToDate(db)) return;
    if (db.engine === 'pglite') {
      await migratePglite(db.orm as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db.orm as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
