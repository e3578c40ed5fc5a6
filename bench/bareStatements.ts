// The saves' and state polls' yardstick (issue 30 "Hot path", ADR 1360): a bare Fastify (no
// plugins, hooks, logging or validation) whose handlers run exactly the statements the product
// runs for a step save and a state poll (captured by bench/captureStatements.ts from the product's
// own code path), on the same engine opened the same way: PGlite in the product's own database
// thread (dist/server/pgliteWorker.js, the compiled thread the product runs) on a copy of the
// product's data directory, or PostgreSQL through a node-postgres pool of the product's size on
// the product's own database. Each answer is the product's captured answer to that request.
//   BARE_STATEMENTS=<captured.json> BARE_PGLITE_DIR=<dir> | DATABASE_URL=<url>
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { PgliteThread } from '../src/server/db/pgliteClient';
import { hashCid } from '../src/server/services/cid';
import { paramsFor, type Captured, type CapturedCall, type Statement } from './lib/statements';

const captured = JSON.parse(readFileSync(process.env.BARE_STATEMENTS!, 'utf8')) as Captured;

type Run = (s: Statement, params: unknown[]) => Promise<{ rows: unknown[] }>;
let run: Run;
let close: () => Promise<void>;
if (captured.engine === 'pglite') {
  // The compiled server's database thread, as the product starts it (threads.ts reads this).
  const worker = new URL('../dist/server/pgliteWorker.js', import.meta.url);
  if (existsSync(worker))
    (globalThis as { __serverBundleUrl?: string }).__serverBundleUrl = pathToFileURL(
      new URL('../dist/server/main.js', import.meta.url).pathname,
    ).href;
  const thread = await PgliteThread.open({ dataDir: process.env.BARE_PGLITE_DIR!, fsync: true });
  run = (s, params) =>
    thread.request({
      op: 'query',
      sql: s.sql!,
      params,
      rowMode: s.rowMode ?? 'object',
      drizzleParsers: s.drizzleParsers ?? false,
    });
  close = () => thread.close();
} else {
  // openPostgres's pool (db/client.ts).
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 10,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  run = (s, params) =>
    pool.query({
      text: s.sql!,
      values: params,
      ...(s.rowMode === 'array' ? { rowMode: 'array' } : {}),
      ...(s.name ? { name: s.name } : {}),
    });
  close = () => pool.end();
}

for (const call of [captured.save, captured.state])
  for (const s of call.statements)
    if (s.op !== 'query')
      throw new Error(`the bare client replays single statements, not '${s.op}' (a transaction)`);

/** The call's statements in order, as the product runs them (each waits for the one before). */
async function replay(call: CapturedCall, cid: string): Promise<void> {
  const request = { cidHash: hashCid(cid), results: [] as { rows: unknown[] }[] };
  for (const s of call.statements) {
    const result = await run(s, paramsFor(s, request));
    if (s.rows !== undefined && result.rows.length !== s.rows)
      throw new Error(`${s.sql} answered ${result.rows.length} rows, the product's ${s.rows}`);
    request.results.push(result);
  }
}

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.patch('/api/tenancies', async (request, reply) => {
  await replay(captured.save, (request.query as { cid: string }).cid);
  reply.type('application/json; charset=utf-8');
  return captured.save.answer;
});
app.get('/api/application/state/:cid', async (request, reply) => {
  await replay(captured.state, (request.params as { cid: string }).cid);
  reply.type('application/json; charset=utf-8');
  return captured.state.answer;
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
