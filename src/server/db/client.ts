import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
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
  /** Raw SQL through the single connection; without params, several statements are allowed. */
  executeSql(text: string, params?: unknown[]): Promise<SqlResult>;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
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

/** Raw SQL inside a transaction started by Database.transaction (same connection, same tx). */
export function executeSqlIn(tx: Tx, text: string, params?: unknown[]): Promise<SqlResult> {
  // drizzle keeps the transaction's connection on its session (PGlite Transaction or pg PoolClient).
  const client = (tx as unknown as { session: { client: RawClient } }).session.client;
  return runRaw(client, text, params);
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const orm = drizzlePglite({ client, schema }) as unknown as Orm;
  let closed = false;
  return {
    engine: 'pglite',
    orm,
    executeSql: (text, params) => runRaw(client as unknown as RawClient, text, params),
    transaction: (fn) => orm.transaction(fn),
    async close() {
      if (closed) return;
      closed = true;
      // An open PGlite on disk keeps Node alive; closing also flushes it.
      await client.close();
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const orm = drizzlePg({ client: pool, schema }) as unknown as Orm;
  let closed = false;
  return {
    engine: 'postgres',
    orm,
    executeSql: (text, params) => runRaw(pool as unknown as RawClient, text, params),
    transaction: (fn) => orm.transaction(fn),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** DATABASE_URL wins; otherwise the embedded engine persisted in DATA_DIR/pglite. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(join(opts.dataDir, 'pglite'));
}
