import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { createTestDatabase, engines } from '../testing/database';
import { migrate } from './migrate';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * migrate() asks first whether anything is missing (start time, ADR 1001): a database without the
 * newest migration still gets it, an up-to-date one is left alone.
 */
describe.each(engines)('migrate on %s', (engine) => {
  it('applies what is missing and nothing twice', async () => {
    const t = await createTestDatabase(engine, { migrate: false });
    const older = mkdtempSync(join(tmpdir(), 'mk-migrations-'));
    try {
      // The migrations folder without its newest migration, applied by drizzle itself.
      cpSync(migrations, older, { recursive: true });
      const journalFile = join(older, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: { tag: string }[];
      };
      const newest = journal.entries.pop()!;
      rmSync(join(older, `${newest.tag}.sql`));
      writeFileSync(journalFile, JSON.stringify(journal));
      const orm = t.orm as unknown as PgliteDatabase;
      if (engine === 'pglite') await drizzleMigrate(orm, { migrationsFolder: older });
      else {
        const { migrate: pgMigrate } = await import('drizzle-orm/node-postgres/migrator');
        await pgMigrate(orm as never, { migrationsFolder: older });
      }
      const count = async () =>
        (await t.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0];
      expect(await count()).toEqual({ n: journal.entries.length });

      await migrate(t);
      expect(await count()).toEqual({ n: journal.entries.length + 1 });
      await migrate(t);
      expect(await count()).toEqual({ n: journal.entries.length + 1 });
    } finally {
      rmSync(older, { recursive: true, force: true });
      await t.close();
    }
  });
});
