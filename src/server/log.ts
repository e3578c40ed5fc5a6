import { createHash } from 'node:crypto';
import { write, writeSync } from 'node:fs';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Personal data never reaches them: requests are logged as method, route
 * pattern, status and time only (no query string, no body, no headers), and a cid only as a short
 * hash that cannot be turned back into the cid.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'mietkaution-server' },
    redact: {
      paths: ['req.headers', 'req.body', 'req.query', 'body', 'query', 'cid', 'email', 'data'],
      censor: '[redacted]',
    },
  };
  if (destination) return pino(options, destination);
  if (level === 'silent') return pino(options);
  return pino(options, bufferedStdout());
}

let stdout: BatchedOutput | undefined;

/**
 * Standard output with the lines written in batches (ADR 0600): a write system call per request
 * line was ~5 % of the server's CPU on the cheapest call. A line waits at most a second (or until
 * 4 KB are buffered); the rest is written synchronously when the process exits. A kill -9 can
 * lose the last second of lines, never data: saves are durable before they are answered. One
 * stream per process, so loggers never interleave their batches.
 */
function bufferedStdout(): pino.DestinationStream {
  if (stdout) return stdout;
  const out = new BatchedOutput(1, 4096);
  setInterval(() => out.flush(), 1000).unref();
  process.once('exit', () => out.flushSync());
  return (stdout = out);
}

/**
 * Lines kept in an array and joined once per batch (issue 30, ADR 1346). pino.destination's
 * SonicBoom measured the growing batch string again for every line it appended (Buffer.byteLength
 * of up to 16 KB per line, ~6 % of GET /api/rates' main thread, and its garbage): here a line
 * costs an array push. A batch is written by one asynchronous write at a time, the rest of a
 * partial write and a full pipe (EAGAIN) retried; a closed standard output drops the lines.
 */
export class BatchedOutput {
  private lines: string[] = [];
  private chars = 0;
  private writing = false;
  /** Callers of flush(cb) (pino's logger.flush) waiting for the batch under way. */
  private waiting: (() => void)[] = [];
  constructor(
    private readonly fd: number,
    private readonly minChars: number,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.minChars) this.flush();
    return true;
  }

  /**
   * Starts writing what is buffered, unless a write is under way (it continues when done); `done`
   * is called once everything buffered now is written.
   */
  flush(done?: () => void): void {
    if (done) {
      if (!this.writing && this.lines.length === 0) return done();
      this.waiting.push(done);
    }
    if (this.writing || this.lines.length === 0) return;
    this.writing = true;
    this.writeFrom(this.take(), 0);
  }

  /** Everything buffered, now (process exit). A write under way is left to finish on its own. */
  flushSync(): void {
    const batch = this.take();
    for (let at = 0, full = 0; at < batch.length;) {
      try {
        at += writeSync(this.fd, batch, at);
      } catch (err) {
        // A full pipe: wait for the reader, at most ~10 s in all; anything else: give up.
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN' || ++full > 1000) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }

  private take(): Buffer {
    const batch = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.chars = 0;
    return batch;
  }

  private writeFrom(batch: Buffer, at: number): void {
    write(this.fd, batch, at, batch.length - at, null, (err, n) => {
      if (err) {
        if (err.code === 'EAGAIN') {
          setTimeout(() => this.writeFrom(batch, at), 10).unref();
          return;
        }
        // Standard output closed: these lines cannot go anywhere.
      } else if (at + n < batch.length) return this.writeFrom(batch, at + n);
      this.writing = false;
      if (this.waiting.length > 0 && this.lines.length > 0) return this.flush();
      if (this.lines.length === 0) for (const done of this.waiting.splice(0)) done();
      if (this.chars >= this.minChars) this.flush();
    });
  }
}

/** The first 10 hex characters of the cid's SHA-256: enough to correlate log lines. */
export function cidTag(cid: string): string {
  return createHash('sha256').update(`log:${cid}`).digest('hex').slice(0, 10);
}
