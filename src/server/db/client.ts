import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';
import { PgliteThread, threadClient } from './pgliteClient';
import { lockDataDir } from './dataDirLock';

type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Engine = 'pglite' | 'postgres';

export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/**
 * The one way the server talks to its database, on either engine. PGlite allows exactly one
 * connection, so everything (drizzle, raw SQL for the job queue, transactions) goes through the
 * single client created here.
 */
export interface Database {
  readonly engine: Engine;
  readonly orm: Orm;
  /** The embedded engine's directory on disk (free-space checks); unset for PostgreSQL. */
  readonly dataDir?: string;
  /** Raw SQL through the single connection; without params, several statements are allowed. */
  executeSql(text: string, params?: unknown[]): Promise<SqlResult>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a lock no other instance on this database can hold at the same time
   * (PostgreSQL: a session advisory lock on its own connection; PGlite: one process anyway).
   * Used for migrations and seeding, so two instances starting on a fresh database both start.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface RawClient {
  query(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: unknown[]; affectedRows?: number; rowCount?: number | null }>;
  exec?(text: string): Promise<{ rows: unknown[]; affectedRows?: number }[]>;
}

async function runRaw(client: RawClient, text: string, params?: unknown[]): Promise<SqlResult> {
  if ((!params || params.length === 0) && client.exec) {
    // PGlite's query() takes one statement only; exec() runs a script (pg-boss migrations).
    const results = await client.exec(text);
    const last = results[results.length - 1];
    return {
      rows: (last?.rows ?? []) as Record<string, unknown>[],
      rowCount: last?.affectedRows ?? 0,
    };
  }
  const res = await client.query(text, params ?? []);
  // node-postgres answers a multi-statement script (pg-boss migrations) with one result per statement.
  const r = (Array.isArray(res) ? res[res.length - 1] : res) as Awaited<
    ReturnType<RawClient['query']>
  >;
  return {
    rows: r.rows as Record<string, unknown>[],
    rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length,
  };
}

/** Work to do once a transaction started by Database.transaction has committed. */
const commitHooks = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `hook` after `tx` has committed (never after a rollback). Returns false when `tx` is not
 * one Database.transaction started (a nested savepoint): the caller then decides on its own.
 */
export function afterCommit(tx: Tx, hook: () => void): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

async function transactionWithHooks<T>(orm: Orm, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await orm.transaction((tx) => {
    commitHooks.set(tx, hooks);
    return fn(tx);
  });
  for (const hook of hooks) hook();
  return result;
}

/** Raw SQL inside a transaction started by Database.transaction (same connection, same tx). */
export function executeSqlIn(tx: Tx, text: string, params?: unknown[]): Promise<SqlResult> {
  // drizzle keeps the transaction's connection on its session (PGlite Transaction or pg PoolClient).
  const client = (tx as unknown as { session: { client: RawClient } }).session.client;
  return runRaw(client, text, params);
}

/**
 * A database on its way to open: usable at once (its queries wait until it is open, in order),
 * `opened` settles when it is open or could not be (main.ts builds the app meanwhile, ADR 1001).
 */
export interface OpeningDatabase {
  db: Database;
  opened: Promise<void>;
}

/**
 * The embedded engine: PGlite in its own thread (ADR 1000), persisted in `dataDir` or in memory.
 * Tests only: `fsync: false` gives up surviving an OS crash for speed (ADR 1002), `initApart:
 * false` runs initdb in the thread itself (its memory stays; a test does not care).
 */
async function startPglite(
  dataDir: string | undefined,
  opts: { fsync?: boolean; initApart?: boolean } = {},
): Promise<OpeningDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The thread starts first; the ORM's modules load while it opens the database (start time).
  const thread = PgliteThread.launch({
    dataDir: dataDir ?? 'memory://',
    fsync: dataDir !== undefined && opts.fsync !== false,
    initApart: opts.initApart ?? true,
  });
  const [{ drizzle: drizzlePglite }, schema] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('./schema/index'),
  ]);
  const client = threadClient(thread);
  // drizzle's PGlite driver only calls query/exec/transaction, which the thread client forwards.
  const orm = drizzlePglite({ client: client as never, schema }) as unknown as Orm;
  let closed = false;
  const db: Database = {
    engine: 'pglite',
    orm,
    ...(dataDir ? { dataDir } : {}),
    executeSql: (text, params) => runRaw(client as unknown as RawClient, text, params),
    transaction: (fn) => transactionWithHooks(orm, fn),
    exclusive: (_name, fn) => fn(),
    async close() {
      if (closed) return;
      closed = true;
      // The thread keeps Node alive until closed; closing also flushes PGlite.
      await thread.close();
    },
  };
  return { db, opened: thread.opened };
}

/** The embedded engine, once open (see startPglite). */
export async function openPglite(
  dataDir: string | undefined,
  opts: { fsync?: boolean; initApart?: boolean } = {},
): Promise<Database> {
  const { db, opened } = await startPglite(dataDir, opts);
  await opened;
  return db;
}

/** A stable 32-bit key for pg_advisory_lock from a lock's name. */
function advisoryKey(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of `mietkaution:${name}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // Loaded here, not at start: a server on the embedded engine never needs them.
  const [{ drizzle: drizzlePg }, { default: pg }, schema] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('pg'),
    import('./schema/index'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database that does not answer fails the request (503) instead of hanging it.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // A client losing its connection (PostgreSQL restarted) must never crash the process: pg-pool
  // listens only while a client is idle, so a client checked out by a transaction gets a listener
  // of its own. The query in flight fails and the pool drops the broken client (ADR 1100).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const orm = drizzlePg({ client: pool, schema }) as unknown as Orm;
  let closed = false;
  return {
    engine: 'postgres',
    orm,
    executeSql: (text, params) => runRaw(pool as unknown as RawClient, text, params),
    transaction: (fn) => transactionWithHooks(orm, fn),
    async exclusive(name, fn) {
      const client = await pool.connect();
      const key = advisoryKey(name);
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * DATABASE_URL wins; otherwise the embedded engine persisted in DATA_DIR/pglite, owned by this
 * process alone (lock file DATA_DIR/server.lock; a second process gets DataDirLockedError).
 * Answers before the embedded database is open (see OpeningDatabase); openDatabase waits.
 */
export async function startDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<OpeningDatabase> {
  // node-postgres connects with the first query: nothing to wait for.
  if (opts.databaseUrl)
    return { db: await openPostgres(opts.databaseUrl), opened: Promise.resolve() };
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(opts.dataDir);
  let opening: OpeningDatabase;
  try {
    opening = await startPglite(join(opts.dataDir, 'pglite'));
  } catch (err) {
    lock.release();
    throw err;
  }
  const { db, opened } = opening;
  opened.catch(() => lock.release());
  return {
    opened,
    db: {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    },
  };
}

/** The database of startDatabase, once open. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  const { db, opened } = await startDatabase(opts);
  await opened;
  return db;
}
