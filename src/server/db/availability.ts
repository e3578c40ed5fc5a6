import { statfs } from 'node:fs/promises';
import type { Logger } from '../log';
import type { Database } from './client';
import { databaseFault, type DatabaseFault } from './unavailable';

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const retryAfterSeconds = 5;

/** Free bytes below which the embedded engine's disk still counts as full. */
const minimumFreeBytes = 16 * 1024 * 1024;

export interface DatabaseAvailability {
  /** The current outage, if any ('unreachable' or 'disk_full'). */
  readonly fault: DatabaseFault | undefined;
  /**
   * Classifies a failure. A database fault starts (or continues) an outage: logged once, then
   * probed in the background until the database answers again. Answers the fault or undefined.
   */
  report(err: unknown): DatabaseFault | undefined;
  stop(): void;
}

const registry = new WeakMap<Database, DatabaseAvailability>();

/**
 * One availability tracker per database connection, shared by the HTTP error handler, /health and
 * the job queue, so an outage is one log line however many requests and workers hit it (ADR 1100).
 */
export function availabilityOf(
  db: Database,
  log: Logger,
  opts: { probeEveryMs?: number } = {},
): DatabaseAvailability {
  const known = registry.get(db);
  if (known) return known;
  let fault: DatabaseFault | undefined;
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  async function recovered(): Promise<boolean> {
    if (fault === 'disk_full' && db.dataDir) {
      const s = await statfs(db.dataDir);
      if (s.bavail * s.bsize < minimumFreeBytes) return false;
    }
    await db.executeSql('SELECT 1', []);
    return true;
  }

  function probe(): void {
    if (probing) return;
    probing = true;
    recovered()
      .then((ok) => {
        if (!ok || !fault) return;
        log.info(
          { fault, outageSeconds: Math.round((Date.now() - since) / 1000) },
          'database available again',
        );
        fault = undefined;
        if (timer) clearInterval(timer);
        timer = undefined;
      })
      .catch(() => undefined)
      .finally(() => {
        probing = false;
      });
  }

  const tracker: DatabaseAvailability = {
    get fault() {
      return fault;
    },
    report(err) {
      const f = databaseFault(err);
      if (!f) return undefined;
      if (!fault || (f === 'disk_full' && fault !== 'disk_full')) {
        const code =
          (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
        log.error(
          { fault: f, engine: db.engine, errCode: typeof code === 'string' ? code : undefined },
          f === 'disk_full'
            ? 'database disk full: writes answer 507 until space is freed'
            : 'database unreachable: requests answer 503 until it is back',
        );
        if (!fault) since = Date.now();
        fault = f;
        timer ??= setInterval(probe, opts.probeEveryMs ?? 1000);
        timer.unref();
      }
      return f;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  registry.set(db, tracker);
  return tracker;
}
