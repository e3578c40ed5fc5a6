import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { bundleUrl, startWorker } from '../threads';
import { answersInTurns } from './answersInTurns';
import {
  compiledReplyId,
  type QueryResult,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from './pgliteProtocol';
import type { PgliteWasm } from './pgliteWasm';

type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/**
 * Answers handed on per turn of the event loop: ~16 answers and their continuations are a few ms
 * of the main thread's CPU even on a slow machine (ADR 1500).
 */
const answersPerTurn = 16;

/** A PGlite error (code, detail, constraint, ...) rebuilt on this side of the thread boundary. */
function rebuild(error: NonNullable<WorkerReply['error']>): Error {
  const err = new Error(error.message);
  Object.assign(err, error.fields);
  err.name = error.name;
  return err;
}

// The PGlite thread answers through messages; its own heap stays small (a young generation of
// 8 MB instead of V8's default up to 48 MB: it only passes rows along).
const resourceLimits = { maxYoungGenerationSizeMb: 8 };

/**
 * The PGlite thread's new space: 2 x 1 MB, idle or not, not npm start's 2 x 4 MB of the main
 * thread (threads.ts sets the flag V8 lets win over resourceLimits while the isolate is made,
 * ADR 1465).
 */
const pgliteSemiSpaceMb = 1;

const newWorker = (workerData: WorkerStart): Worker =>
  startWorker('pgliteWorker', new URL('./pgliteWorker.ts', import.meta.url), {
    workerData,
    resourceLimits,
    semiSpaceMb: pgliteSemiSpaceMb,
  });

/**
 * PGlite's WebAssembly, compiled by the first thread (on its own event loop, so a start compiles
 * it while the main thread loads the server) and handed back for every later thread of this
 * process (tests open many databases; compiling costs most of a second each time).
 */
let compiled: PgliteWasm | undefined;

/** initdb in a process of its own (see open()); resolves when it has ended well. */
function initInProcess(dataDir: string): Promise<void> {
  const bundle = bundleUrl();
  const args = bundle
    ? [fileURLToPath(new URL('./pgliteWorker.js', bundle))]
    : ['--import', 'tsx', fileURLToPath(new URL('./pgliteWorker.ts', import.meta.url))];
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [...args, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-2000)));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`initdb of ${dataDir} failed (${code}): ${err}`)),
    );
  });
}

/**
 * The main thread's end of the PGlite thread (ADR 1000). Requests are answered in order by the
 * worker; a worker that dies rejects everything pending and everything after (never a hang, never
 * a crash of the server: the caller sees a failed query like any database error).
 */
export class PgliteThread {
  private readonly pending = new Map<
    number,
    { ok: (v: unknown) => void; fail: (e: Error) => void }
  >();
  private nextId = 1;
  private dead: Error | undefined;
  private worker: Worker | undefined;
  /** Set once the thread runs (after initdb on an empty directory); requests before it wait. */
  private readonly running: Promise<Worker>;
  /**
   * Settles when PGlite answers (or with its start error). Requests may be made before: the
   * thread's port keeps them, in order, until the database is open (start time, ADR 1001).
   */
  readonly opened: Promise<void>;

  private constructor(options: WorkerStart) {
    const onDisk = !options.dataDir.startsWith('memory://');
    const init =
      onDisk && options.initApart !== false && !existsSync(join(options.dataDir, 'PG_VERSION'))
        ? initInProcess(options.dataDir)
        : Promise.resolve();
    this.running = init.then(() => {
      const worker = newWorker({
        ...options,
        ...(compiled
          ? { pgliteWasmModule: compiled.pglite, initdbWasmModule: compiled.initdb }
          : {}),
      });
      this.listen(worker);
      this.worker = worker;
      return worker;
    });
    const ready = new Promise<unknown>((ok, fail) => this.pending.set(0, { ok, fail }));
    this.opened = this.running
      .then(() => ready)
      .then(
        () => undefined,
        async (err: unknown) => {
          // Whatever waits for the database fails with the reason it did not open.
          this.dead = err as Error;
          await this.worker?.terminate();
          this.die(err as Error);
          throw err;
        },
      );
    // Awaited by open() or by the caller of launch(); never an unhandled rejection here.
    this.opened.catch(() => undefined);
  }

  private listen(worker: Worker): void {
    // A group commit's answers arrive together: at most answersPerTurn of them (and the code
    // each resumes) per turn of the event loop, the rest in the next turns (answersInTurns.ts).
    const answers = answersInTurns<WorkerReply>(answersPerTurn, (reply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.ok(reply.result);
      else {
        const err = rebuild(reply.error!);
        // The thread could not open (id 0): whatever waits or comes fails for this reason, also
        // when the thread's end is reported before `opened`'s handlers below have run.
        if (reply.id === 0) this.dead ??= err;
        p.fail(err);
      }
    });
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id === compiledReplyId) {
        compiled ??= reply.result as PgliteWasm;
        return;
      }
      answers.receive(reply);
    });
    // What the thread said before it ended (why it could not open) comes before that it ended.
    worker.on('error', (err) => {
      answers.flush();
      this.die(err);
    });
    worker.on('exit', (code) => {
      answers.flush();
      this.die(new Error(`the PGlite thread ended (exit ${code})`));
    });
  }

  private die(err: Error): void {
    this.dead ??= Object.assign(new Error(`embedded database unavailable: ${err.message}`), {
      cause: err,
    });
    for (const p of this.pending.values()) p.fail(this.dead);
    this.pending.clear();
  }

  /**
   * Starts opening DATA_DIR's database and answers at once (requests wait for it; `opened` tells
   * when it is open). On an empty directory, initdb runs first in a process of its own: the
   * ~450 MB of WebAssembly memory and buffers it leaves go back to the OS when it ends (a
   * thread's would stay in this process's allocator; issue 13).
   */
  static launch(options: WorkerStart): PgliteThread {
    return new PgliteThread(options);
  }

  /** Opens DATA_DIR's database: launch() and wait until PGlite answers (or its start error). */
  static async open(options: WorkerStart): Promise<PgliteThread> {
    const thread = PgliteThread.launch(options);
    await thread.opened;
    return thread;
  }

  request<T>(req: Request): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const worker = this.worker;
    if (!worker) return this.running.then(() => this.request<T>(req));
    const id = this.nextId++;
    return new Promise<T>((ok, fail) => {
      this.pending.set(id, { ok: ok as (v: unknown) => void, fail });
      worker.postMessage({ ...req, id });
    });
  }

  async close(): Promise<void> {
    if (!this.dead) {
      try {
        await this.request({ op: 'close' });
      } finally {
        await this.worker?.terminate();
      }
    }
  }
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: unknown;
}

/**
 * The part of PGlite's client that drizzle-orm/pglite and client.ts use (query, exec, transaction),
 * forwarded to the thread. Inside a transaction the same shape carries the transaction's id, so
 * drizzle's transaction object and executeSqlIn work unchanged.
 */
export interface ThreadClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  transaction<T>(fn: (tx: ThreadClient) => Promise<T>): Promise<T>;
}

export function threadClient(thread: PgliteThread, tx?: number): ThreadClient {
  return {
    query: (sql, params, options) =>
      thread.request<QueryResult>({
        op: 'query',
        sql,
        params: params ?? [],
        rowMode: options?.rowMode ?? 'object',
        // drizzle passes its own parsers (dates as text); the worker holds the same table.
        drizzleParsers: options?.parsers !== undefined,
        ...(tx ? { tx } : {}),
      }),
    exec: (sql) => thread.request<QueryResult[]>({ op: 'exec', sql, ...(tx ? { tx } : {}) }),
    async transaction<T>(fn: (tx: ThreadClient) => Promise<T>): Promise<T> {
      if (tx) throw new Error('nested transactions go through savepoints');
      const id = await thread.request<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(threadClient(thread, id));
      } catch (err) {
        await thread.request({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw err;
      }
      await thread.request({ op: 'end', tx: id, commit: true });
      return result;
    },
  };
}
