import { createRequire } from 'node:module';

type Incr = (
  key: string,
  cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
  timeWindow: number,
  max: number,
) => void;
interface Store {
  incr: Incr;
  read?: Incr;
  child(routeOptions: unknown): Store;
}

// @fastify/rate-limit's own in-memory store (an LRU of counters), which the package does not export.
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/**
 * One write counter per client across all routes (ADR 1110). @fastify/rate-limit gives every
 * route with its own `config.rateLimit` a child store of its own, so 9 write routes allowed
 * 9 x 60 writes a minute from one address. This store answers `child()` with itself: every write
 * route counts into the same counter per client key.
 */
export class OneCounterPerClient implements Store {
  private readonly inner = new LocalStore(false, false, 10_000);
  incr: Incr = (key, cb, timeWindow, max) => this.inner.incr(key, cb, timeWindow, max);
  read: Incr = (key, cb, timeWindow, max) => this.inner.read!(key, cb, timeWindow, max);
  child(): Store {
    return this;
  }
}
