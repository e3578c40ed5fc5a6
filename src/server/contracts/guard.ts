import { createHmac } from 'node:crypto';
import type { Clock } from '../clock';
import type { Database } from '../db/client';

/**
 * Counters with windows that end (ADR 1117): failures per contract and per client, requests per
 * client and mails per recipient of the after-sale functions. Kept in `rate_limit_counters` (ADR
 * 1114) under purposes of their own, on both engines, so they hold across instances; keys are an
 * HMAC under the server secret (no address, IP or id is stored as such). Time comes from the
 * server's clock (tests move it); a window opens with its first count and ends `windowMs` later,
 * so every lockout ends by itself.
 */
const countSql = `
  INSERT INTO rate_limit_counters AS c (purpose, key_hash, window_start, expires_at, count)
  VALUES ($1, $2, $3::timestamptz, $3::timestamptz + $4::float8 * interval '1 millisecond', 1)
  ON CONFLICT (purpose, key_hash) DO UPDATE SET
    window_start = CASE WHEN c.expires_at <= $3::timestamptz THEN excluded.window_start ELSE c.window_start END,
    expires_at = CASE WHEN c.expires_at <= $3::timestamptz THEN excluded.expires_at ELSE c.expires_at END,
    count = CASE WHEN c.expires_at <= $3::timestamptz THEN 1 ELSE c.count + 1 END
  RETURNING count, (extract(epoch FROM expires_at - $3::timestamptz) * 1000)::float8 AS ttl_ms`;

const peekSql = `
  SELECT count, (extract(epoch FROM expires_at - $3::timestamptz) * 1000)::float8 AS ttl_ms
  FROM rate_limit_counters
  WHERE purpose = $1 AND key_hash = $2 AND expires_at > $3::timestamptz`;

/** What is counted, with its limit and window. */
export const guardLimits = {
  /** Wrong release codes per contract (about 40 bits of code: 240 tries a day at most). */
  releaseFailuresPerContract: { purpose: 'contract_release_fail', max: 10, windowMs: 3_600_000 },
  /** Wrong release codes per client, across contracts. */
  releaseFailuresPerClient: { purpose: 'contract_release_client', max: 20, windowMs: 3_600_000 },
  /** Contract e-mails of every kind to one recipient (changes, withdrawal, release). */
  contractMailsPerRecipient: { purpose: 'contract_mail_any', max: 20, windowMs: 3_600_000 },
} as const;

export interface Counted {
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export class Guard {
  private readonly hmacKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    serverSecret: string,
  ) {
    this.hmacKey = createHmac('sha256', serverSecret).update('contract-guard').digest();
  }

  private hash(purpose: string, key: string) {
    return createHmac('sha256', this.hmacKey).update(`${purpose}\n${key}`).digest('base64url');
  }

  /** Counts one more in the key's window (opening a new window when the last has ended). */
  async hit(limit: { purpose: string; windowMs: number }, key: string): Promise<Counted> {
    const r = await this.db.executeSql(countSql, [
      limit.purpose,
      this.hash(limit.purpose, key),
      this.clock.now().toISOString(),
      limit.windowMs,
    ]);
    const row = r.rows[0] as { count: number | string; ttl_ms: number | string };
    return { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) };
  }

  /** The count of the key's current window (0 when none is open). */
  async current(limit: { purpose: string }, key: string): Promise<Counted> {
    const r = await this.db.executeSql(peekSql, [
      limit.purpose,
      this.hash(limit.purpose, key),
      this.clock.now().toISOString(),
    ]);
    const row = r.rows[0] as { count: number | string; ttl_ms: number | string } | undefined;
    return row
      ? { count: Number(row.count), ttlMs: Math.max(0, Number(row.ttl_ms)) }
      : { count: 0, ttlMs: 0 };
  }
}
