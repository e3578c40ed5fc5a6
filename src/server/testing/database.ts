import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type Engine } from '../db/client';
import { migrate } from '../db/migrate';
import { copyPgliteTemplate } from './pgliteTemplate';

/** Every storage and API test runs on both engines. */
export const engines: Engine[] = ['pglite', 'postgres'];

export const testDatabaseServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends Database {
  /** Connection URL of the fresh PostgreSQL database (postgres engine only). */
  readonly url: string | undefined;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: testDatabaseServerUrl,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `\n\n*** PostgreSQL is not reachable at ${testDatabaseServerUrl} (${(err as Error).message}).\n` +
        '*** The storage and API tests run on PostgreSQL as well as PGlite and do not skip.\n' +
        '*** Start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL.\n',
    );
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database: PGlite in a new temporary directory, or a newly CREATEd PostgreSQL
 * database on the test server (dropped again by close()). Runs never see each other's rows.
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
    await adminQuery(`CREATE DATABASE ${name}`);
    const u = new URL(testDatabaseServerUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    db = await openPostgres(url, 5);
    cleanup = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
