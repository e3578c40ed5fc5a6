/** Messages between the main thread (pgliteClient.ts) and the PGlite thread (pgliteWorker.ts). */
export interface WorkerStart {
  dataDir: string;
  /** Sync the WAL to disk at every commit (ADR 1002); tests switch it off for speed. */
  fsync: boolean;
  /** Run initdb in a process of its own before the thread starts (its memory goes with it). */
  initApart?: boolean;
  /**
   * PGlite's WebAssembly when this process has it compiled already; without it the thread
   * compiles it and sends it back (reply id `compiledReplyId`) for the next threads.
   */
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
}

export type WorkerRequest = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** drizzle's parsers: dates, timestamps and intervals stay text. */
      drizzleParsers: boolean;
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** The reply that carries the compiled WebAssembly modules back to the main thread. */
export const compiledReplyId = -1;

export interface WorkerReply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { name: string; message: string; fields: Record<string, unknown> };
}

export interface QueryResult {
  rows: unknown[];
  affectedRows: number;
}
