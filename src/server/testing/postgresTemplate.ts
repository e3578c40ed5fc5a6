import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { fillTemplate } from './templateData';
import { migrationsKey } from './migrationsKey';

export const testDatabaseServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on the test server's maintenance database (CREATE/DROP/ALTER DATABASE). */
export async function adminQuery(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
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
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const u = new URL(testDatabaseServerUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

/**
 * A backend of a connection just closed may linger a moment, and PostgreSQL refuses to rename or
 * copy a database somebody is connected to (55006): such a statement is tried again.
 */
async function whenAlone(sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(sql);
      return;
    } catch (err) {
      if (codeOf(err) !== '55006' || attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Migrating a fresh PostgreSQL database runs every migration over the network: seconds per test
 * server under load, paid twice by each file that runs both engines. Tests copy a template
 * database migrated once instead (CREATE DATABASE … TEMPLATE, ADR 1331), as PGlite's tests copy a
 * data directory (ADR 1005). Its name carries the migrations' hash, so a changed migration makes
 * a new one; it stays on the test server for later runs and other worktrees with the same
 * migrations. Nobody may connect to it (ALLOW_CONNECTIONS false): a connection would make every
 * copy fail. Only tests use it: the product always migrates itself.
 */
let made: Promise<string> | undefined;

function postgresTemplate(): Promise<string> {
  made ??= makeTemplate().catch((err: unknown) => {
    made = undefined;
    throw err;
  });
  return made;
}

async function makeTemplate(): Promise<string> {
  const name = `mk_tpl_${migrationsKey()}`;
  const exists = async () =>
    (await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  // Built under a name of its own and renamed when complete: a template with the final name is
  // always fully migrated, and two workers building at once do not see each other's half.
  const building = `${name}_b${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${building}`);
  try {
    const db = await openPostgres(databaseUrl(building), 2);
    try {
      await migrate(db);
      await fillTemplate(db);
    } finally {
      await db.close();
    }
    await adminQuery(`ALTER DATABASE ${building} ALLOW_CONNECTIONS false`);
    await whenAlone(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (err) {
    await adminQuery(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    // Another worker finished first (42P04): its template serves.
    if (codeOf(err) === '42P04' && (await exists())) return name;
    throw err;
  }
  return name;
}

/** A new database `name` as a copy of the migrated template. */
export async function createFromTemplate(name: string): Promise<void> {
  await whenAlone(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate()}`);
}
