import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';

type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;

/** What @fastify/rate-limit calls on its store (it builds the root with `new Store(options)`). */
export interface CounterStore {
  incr: Incr;
  /** Called with the route's (or createRateLimit's) options merged over the plugin's. */
  child(routeOptions: object): CounterStore;
}

/** The counter of the write limit: every route without a groupId counts into it (ADR 1110). */
const writePurpose = 'write';

/**
 * One atomic statement per counted request, the same on PGlite and PostgreSQL: the first request
 * of a key opens its window; a request after `expires_at` opens a new one; otherwise the count
 * goes up. Row locking under ON CONFLICT serialises concurrent instances on the same row, and the
 * database's clock is the only clock, so instances with skewed clocks still agree.
 */
const countSql = `
  INSERT INTO rate_limit_counters AS c (purpose, key_hash, window_start, expires_at, count)
  VALUES ($1, $2, now(), now() + $3::float8 * interval '1 millisecond', 1)
  ON CONFLICT (purpose, key_hash) DO UPDATE SET
    window_start = CASE WHEN c.expires_at <= now() THEN excluded.window_start ELSE c.window_start END,
    expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END,
    count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END
  RETURNING count, (extract(epoch FROM expires_at - now()) * 1000)::float8 AS ttl_ms`;

/**
 * @fastify/rate-limit's `store`: the counters live in the database (table rate_limit_counters,
 * ADR 1114), so a limit holds across all instances behind the load balancer instead of being
 * multiplied by their number. A limit's purpose is its groupId (route config or createRateLimit
 * options); routes without one share the write counter, as `child()` of the in-memory store did
 * not. Keys (client addresses, hashed e-mail addresses, key ids) are stored only as an HMAC under
 * the server secret. A database fault fails the request like any other (503, ADR 1100).
 */
function databaseCounterStore(
  db: Database,
  serverSecret: string,
): new (options?: unknown) => CounterStore {
  const hmacKey = createHmac('sha256', serverSecret).update('rate-limit-counters').digest();
  const keyHash = (purpose: string, key: string) =>
    createHmac('sha256', hmacKey).update(`${purpose}\n${key}`).digest('base64url');

  class DatabaseCounterStore implements CounterStore {
    readonly incr: Incr;
    constructor(_options?: unknown, purpose = writePurpose) {
      this.incr = (key, cb, timeWindow) => {
        db.executeSql(countSql, [purpose, keyHash(purpose, key), timeWindow]).then(
          (r) => {
            const row = r.rows[0]!;
            cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl_ms)) });
          },
          (err: Error) => cb(err),
        );
      };
    }
    child(routeOptions: object): CounterStore {
      const { groupId } = routeOptions as { groupId?: string };
      return new DatabaseCounterStore(undefined, groupId ?? writePurpose);
    }
  }
  return DatabaseCounterStore;
}

/**
 * The same counters in this process's memory, for the embedded database: one server process per
 * DATA_DIR is enforced (ADR 1101), so there is no other instance to share them with, and a
 * counter row would cost every write request a commit of its own (with an fsync, ADR 1002).
 * Same windows as the database store: a key's window opens with its first request.
 */
export function memoryCounterStore(
  now: () => number = Date.now,
): new (options?: unknown) => CounterStore {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const maxKeys = 100_000;
  const purge = (t: number) => {
    for (const [k, w] of windows) if (w.expiresAt <= t) windows.delete(k);
  };
  class MemoryCounterStore implements CounterStore {
    readonly incr: Incr;
    constructor(_options?: unknown, purpose = writePurpose) {
      this.incr = (key, cb, timeWindow) => {
        const t = now();
        const k = `${purpose}\n${key}`;
        let w = windows.get(k);
        if (!w || w.expiresAt <= t) {
          if (!w && windows.size >= maxKeys) purge(t);
          w = { count: 0, expiresAt: t + timeWindow };
          windows.set(k, w);
        }
        w.count++;
        cb(null, { current: w.count, ttl: w.expiresAt - t });
      };
    }
    child(routeOptions: object): CounterStore {
      const { groupId } = routeOptions as { groupId?: string };
      return new MemoryCounterStore(undefined, groupId ?? writePurpose);
    }
  }
  return MemoryCounterStore;
}

/** PostgreSQL may serve several instances: counters in the database; PGlite: in memory. */
export function counterStoreFor(db: Database, serverSecret: string) {
  return db.engine === 'postgres' ? databaseCounterStore(db, serverSecret) : memoryCounterStore();
}
