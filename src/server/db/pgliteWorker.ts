import { fsyncSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Results, type Transaction } from '@electric-sql/pglite';
import {
  compiledReplyId,
  type QueryResult,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pgliteProtocol';
import { compilePgliteWasm } from './pgliteWasm';
import { PreparedStatements } from './pglitePrepared';
import { byteaParsers, byteaSerializers } from './pgliteBytea';

/**
 * PGlite in its own thread (ADR 1000): its WebAssembly runs here, so a long statement (the nightly
 * deletion, a burst of submissions) never blocks the HTTP event loop, and the memory initdb leaves
 * behind dies with the thread that made it. The main thread talks to it through pgliteClient.ts.
 * Every failure answers the request it belongs to as an error; nothing here may throw past that.
 */
// Started as a process of its own (`node pgliteWorker.js <dir>`), it only creates the database
// (initdb) and ends: a first start's initdb memory then goes back to the OS with the process.
const initOnly = !parentPort;
const start = (initOnly ? { dataDir: process.argv[2]!, fsync: true } : workerData) as WorkerStart;
const port = parentPort!;

// PGlite's defaults minus "-F" (fsync off): with fsync on and the WAL synced by fsync(), every
// commit reaches the disk before its answer (ADR 1002). 16 MB of shared buffers instead of 128 MB.
const startParams = [
  '--single',
  ...(start.fsync ? [] : ['-F']),
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_sync_method=fsync',
];

// drizzle's PGlite driver keeps dates, timestamps and intervals as text (it maps them itself).
const keepAsText = (value: string) => value;
const drizzleParsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, keepAsText]),
);

interface OpenTx {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

const transactions = new Map<number, OpenTx>();
let nextTx = 1;

function plainError(err: unknown): WorkerReply['error'] {
  const e = err as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  // The PostgreSQL error fields (code, detail, constraint, ...) travel with the message.
  for (const key of Object.keys(e ?? {}))
    if (['string', 'number', 'boolean'].includes(typeof e[key])) fields[key] = e[key];
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(err),
    fields,
  };
}

type QueryRequest = Extract<WorkerRequest, { op: 'query' }>;

let pg: PGlite;
let statements: PreparedStatements;

/**
 * One statement. Plain DML and SELECT run as named prepared statements (ADR 1009), under the
 * locks PGlite's query() takes: its transaction lock unless the statement belongs to an open
 * transaction (`inTransaction`), and its query lock.
 */
async function runQuery(req: QueryRequest, inTransaction?: Transaction): Promise<QueryResult> {
  const options = {
    rowMode: req.rowMode,
    ...(req.drizzleParsers ? { parsers: drizzleParsers } : {}),
  };
  let res: Results;
  if (PreparedStatements.keeps(req.sql)) {
    const run = () => pg.runExclusive(() => statements.run(req.sql, req.params, options));
    res = await (inTransaction ? run() : pg._runExclusiveTransaction(run));
  } else {
    try {
      res = await (inTransaction ?? pg).query(req.sql, req.params, options);
    } finally {
      if (PreparedStatements.mayChangeTables(req.sql)) statements.forget();
    }
  }
  return { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
}

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case 'query':
      return runQuery(req, req.tx ? transactionOf(req.tx) : undefined);
    case 'exec': {
      const on = req.tx ? transactionOf(req.tx) : pg;
      const results = await on.exec(req.sql).finally(() => {
        // A script that changes tables: kept statements are prepared again (ADR 1009).
        if (PreparedStatements.mayChangeTables(req.sql)) statements.forget();
      });
      return results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows ?? 0 }));
    }
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(req.tx);
      if (!open) throw new Error(`transaction ${req.tx} is not open`);
      open.finish(req.commit);
      await open.done;
      return null;
    }
    case 'close':
      await pg.close();
      return null;
  }
}

function transactionOf(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

/** Opens a PGlite transaction and holds it until the main thread sends 'end' (commit or not). */
function begin(): Promise<number> {
  const id = nextTx++;
  return new Promise<number>((answer, fail) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((r) => (finish = r));
    const done = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish, done });
        answer(id);
        if (!(await decided)) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    // A failed BEGIN fails the request; a failed COMMIT fails the 'end' request awaiting `done`.
    done.catch((err: unknown) => {
      if (!transactions.has(id)) fail(err);
    });
  });
}

/** The modules the main thread handed over, or compiled here and handed back for later threads. */
async function wasmModules() {
  if (start.pgliteWasmModule && start.initdbWasmModule)
    return { pgliteWasmModule: start.pgliteWasmModule, initdbWasmModule: start.initdbWasmModule };
  const m = await compilePgliteWasm();
  port.postMessage({ id: compiledReplyId, ok: true, result: m } satisfies WorkerReply);
  return { pgliteWasmModule: m.pglite, initdbWasmModule: m.initdb };
}

/**
 * Group commit (ADR 1002): statements sent on their own (no transaction of the caller) that arrive
 * while PGlite is busy wait here and then run together in one transaction, so one WAL fsync
 * acknowledges them all instead of one each. A statement arriving at an idle thread runs at once
 * and alone. Every answer still leaves only after its commit. Should one statement of a group
 * fail, the group's transaction is rolled back and each statement runs again on its own (nothing
 * of it was committed or answered), so each caller gets the answer it would have got alone.
 * Only plain DML and SELECT are grouped: VACUUM and DDL must not run inside a transaction block.
 */
const groupable = (req: WorkerRequest): req is QueryRequest =>
  req.op === 'query' && !req.tx && PreparedStatements.keeps(req.sql);
const maxGroup = 64;
const waiting: QueryRequest[] = [];
let draining = false;

function answer(req: WorkerRequest, outcome: Promise<unknown>): Promise<void> {
  return outcome.then(
    (result) => port.postMessage({ id: req.id, ok: true, result } satisfies WorkerReply),
    (err: unknown) =>
      port.postMessage({ id: req.id, ok: false, error: plainError(err) } satisfies WorkerReply),
  );
}

async function runGroup(group: QueryRequest[]): Promise<void> {
  if (group.length === 1) return answer(group[0]!, runQuery(group[0]!));
  let results: unknown[];
  try {
    results = await pg.transaction(async (tx) => {
      const out: unknown[] = [];
      for (const req of group) out.push(await runQuery(req, tx));
      return out;
    });
  } catch {
    for (const req of group) await answer(req, runQuery(req));
    return;
  }
  group.forEach((req, i) =>
    port.postMessage({ id: req.id, ok: true, result: results[i] } satisfies WorkerReply),
  );
}

async function drain(): Promise<void> {
  draining = true;
  try {
    while (waiting.length > 0) {
      await runGroup(waiting.splice(0, maxGroup));
      // PGlite answers within microtasks: messages that arrived meanwhile are delivered only
      // when the event loop turns, so it turns here before the next group is taken.
      await new Promise((turned) => setImmediate(turned));
    }
  } finally {
    draining = false;
  }
}

async function init(): Promise<void> {
  const pg = await PGlite.create(start.dataDir, { startParams });
  await pg.close();
}

async function main(): Promise<void> {
  try {
    pg = await PGlite.create(start.dataDir, {
      startParams,
      parsers: byteaParsers,
      serializers: byteaSerializers,
      ...(await wasmModules()),
    });
    statements = new PreparedStatements(pg);
    if (start.fsync) {
      // PGlite's Node file system (Emscripten NODEFS) has no fsync: it would answer fsync() without
      // touching the disk. Route it to the real one so PostgreSQL's WAL flush at commit is durable.
      const nodefs = (
        pg as unknown as {
          Module: { NODEFS: { stream_ops: Record<string, unknown> } };
        }
      ).Module.NODEFS;
      nodefs.stream_ops.fsync = (stream: { nfd?: number }) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
      };
    }
  } catch (err) {
    port.postMessage({ id: 0, ok: false, error: plainError(err) } satisfies WorkerReply);
    return;
  }
  port.on('message', (req: WorkerRequest) => {
    if (groupable(req)) {
      waiting.push(req);
      if (!draining) void drain();
      return;
    }
    void answer(req, handle(req));
  });
  port.postMessage({ id: 0, ok: true, result: null } satisfies WorkerReply);
}

if (initOnly)
  init().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`initdb failed: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
else void main();
