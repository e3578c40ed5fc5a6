/**
 * Is this error the database being away (restarting, down, unreachable, out of disk) rather than
 * a fault in our code? Such failures answer 503 (507 for a full disk) with Retry-After and are
 * logged once per outage (ADR 1100). drizzle wraps driver errors (`cause`), so the chain is walked.
 */
export type DatabaseFault = 'unreachable' | 'disk_full';

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown: pg_ctl stop -m fast
  '57P02', // crash_shutdown: pg_ctl stop -m immediate
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const connectionMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  'the database system is',
  'terminating connection',
];

const diskFullCodes = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function databaseFault(err: unknown): DatabaseFault | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, errno, message } = e as { code?: unknown; errno?: unknown; message?: unknown };
    const c = typeof code === 'string' ? code : undefined;
    const m = typeof message === 'string' ? message : '';
    if ((c && diskFullCodes.has(c)) || /No space left on device|disk full/i.test(m))
      return 'disk_full';
    // Emscripten's file system (PGlite) reports errno numbers: 28 = ENOSPC there and in Linux.
    if (errno === 28 && /ErrnoError/.test(String((e as Error).name))) return 'disk_full';
    if (c && (connectionCodes.has(c) || c.startsWith('08'))) return 'unreachable';
    if (connectionMessages.some((s) => m.includes(s))) return 'unreachable';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
