import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
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
 * costs an array push. A batch of 4 KB or more is written at once, synchronously (no write left
 * under way when the process exits, nothing out of order); what a full pipe (EAGAIN) or a partial
 * write leaves waits for the next batch or the second's flush, and at exit is retried for up to
 * ~10 s. A closed standard output drops the lines.
 */
export class BatchedOutput {
  private lines: string[] = [];
  private chars = 0;
  /** Bytes a full pipe did not take yet. */
  private rest: Buffer | undefined;
  constructor(
    private readonly fd: number,
    private readonly minChars: number,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.minChars) this.writeOut(false);
    return true;
  }

  /** Writes what is buffered now (pino's logger.flush calls it with `done`). */
  flush(done?: () => void): void {
    this.writeOut(false);
    done?.();
  }

  /** Everything buffered, waiting for a full pipe (process exit). */
  flushSync(): void {
    this.writeOut(true);
  }

  private writeOut(wait: boolean): void {
    if (this.lines.length > 0) {
      const batch = Buffer.from(this.lines.join(''));
      this.lines = [];
      this.chars = 0;
      this.rest = this.rest ? Buffer.concat([this.rest, batch]) : batch;
    }
    for (let full = 0; this.rest;) {
      try {
        const n = writeSync(this.fd, this.rest);
        this.rest = n < this.rest.length ? this.rest.subarray(n) : undefined;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
          this.rest = undefined; // standard output closed: these lines cannot go anywhere
          return;
        }
        if (!wait || ++full > 1000) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  }
}

/** The first 10 hex characters of the cid's SHA-256: enough to correlate log lines. */
export function cidTag(cid: string): string {
  return createHash('sha256').update(`log:${cid}`).digest('hex').slice(0, 10);
}
