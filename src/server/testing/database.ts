import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Database, type Engine } from '../db/client';
import { migrate } from '../db/migrate';
import { copyPgliteTemplate } from './pgliteTemplate';
import { adminQuery, createFromTemplate, databaseUrl } from './postgresTemplate';

/** Every storage and API test runs on both engines. */
export const engines: Engine[] = ['pglite', 'postgres'];

export { testDatabaseServerUrl } from './postgresTemplate';

export interface TestDatabase extends Database {
  /** Connection URL of the fresh PostgreSQL database (postgres engine only). */
  readonly url: string | undefined;
}

/**
 * A fresh, migrated database: PGlite copied from its template into a new temporary directory, or
 * a PostgreSQL database created from the template database on the test server (dropped again by
 * close()). Runs never see each other's rows. migrate() still runs: it finds nothing to do.
 */
export async function createTestDatabase(
  engine: Engine,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let db: Database;
  let url: string | undefined;
  let cleanup: () => Promise<void>;
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'mk-pglite-'));
    await copyPgliteTemplate(dir, opts.migrate !== false);
    db = await openPglite(dir, { fsync: false, initApart: false });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `mk_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    // Migrated: a copy of the template database (ADR 1331); bare: a copy of template1.
    if (opts.migrate !== false) await createFromTemplate(name);
    else await adminQuery(`CREATE DATABASE ${name}`);
    url = databaseUrl(name);
    db = await openPostgres(url, 5);
    cleanup = async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  if (opts.migrate !== false) await migrate(db);
  const inner = db;
  return {
    engine: inner.engine,
    orm: inner.orm,
    url,
    executeSql: (t, p) => inner.executeSql(t, p),
    transaction: (fn) => inner.transaction(fn),
    exclusive: (name, fn) => inner.exclusive(name, fn),
    ...(inner.dataDir ? { dataDir: inner.dataDir } : {}),
    async close() {
      await inner.close();
      await cleanup();
    },
  };
}
