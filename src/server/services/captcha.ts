import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { captchaReplays } from '../db/schema/index';

/**
 * Self-hosted ALTCHA proof of work (no third-party calls). Deterministic mode: the server picks a
 * random counter below `maxNumber` and the browser searches for it; with SHA-256 and one hash per
 * try, 50,000 (the default) takes a mid-range phone about a second on average. Every accepted
 * solution is recorded in the database, so it cannot be replayed (also across instances).
 */
export class CaptchaService {
  private keySecret: Promise<string>;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly maxNumber: number,
    private readonly ttlSeconds = 1800,
  ) {
    this.keySecret = deriveHmacKeySecret(secret);
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(this.maxNumber),
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: await this.keySecret,
      // Real time, not the injected clock: altcha-lib checks the expiry against Date.now().
      expiresAt: new Date(Date.now() + this.ttlSeconds * 1000),
    });
  }

  /** True once per valid solution; false for missing, forged, expired or replayed payloads. */
  async verify(payload: unknown): Promise<boolean> {
    if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4000) return false;
    const now = new Date();
    const store = {
      get: async () => false,
      set: async () => true,
      setIfAbsent: async (key: string) => {
        await this.db.orm.delete(captchaReplays).where(lt(captchaReplays.expiresAt, now));
        const rows = await this.db.orm
          .insert(captchaReplays)
          .values({
            signature: key.slice(0, 200),
            expiresAt: new Date(now.getTime() + 2 * this.ttlSeconds * 1000),
          })
          .onConflictDoNothing()
          .returning({ s: captchaReplays.signature });
        return rows.length === 1;
      },
    };
    try {
      const r = await verify(payload, deriveKey, this.secret, await this.keySecret, store);
      return r.error === null && r.verification?.verified === true;
    } catch {
      return false;
    }
  }

  /**
   * Records a one-time value (a used bot-check token) until `expiresAt`; true the first time,
   * false on every later attempt, across instances (same table as captcha solutions).
   */
  async consumeOnce(key: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.orm
      .insert(captchaReplays)
      .values({ signature: key.slice(0, 200), expiresAt })
      .onConflictDoNothing()
      .returning({ s: captchaReplays.signature });
    return rows.length === 1;
  }

  async replayCount(): Promise<number> {
    const r = await this.db.orm.select({ n: sql<number>`count(*)::int` }).from(captchaReplays);
    return r[0]?.n ?? 0;
  }
}

/**
 * The bot checks pb, pbt, pbk: pb is a honeypot that must stay empty; pbt is the time (ms) the
 * server issued the form token, pbk its HMAC, so neither can be made up; the form must have been
 * open at least `minFillSeconds` before it is sent.
 */
export class BotCheck {
  constructor(
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly minFillSeconds: number,
  ) {}

  private sign(pbt: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`pbt:${pbt}:${nonce}`).digest('base64url');
  }

  /** pbk = nonce.signature: a random nonce makes every token distinct, so each counts once. */
  issue(): { pb: string; pbt: string; pbk: string } {
    const pbt = String(this.clock.now().getTime());
    const nonce = randomBytes(12).toString('base64url');
    return { pb: '', pbt, pbk: `${nonce}.${this.sign(pbt, nonce)}` };
  }

  /** undefined when the values pass, otherwise the reason (for tests and logs, never shown). */
  check(values: { pb?: unknown; pbt?: unknown; pbk?: unknown }): string | undefined {
    if (values.pb !== undefined && values.pb !== null && String(values.pb) !== '')
      return 'honeypot';
    if (typeof values.pbt !== 'string' || !/^\d{10,15}$/.test(values.pbt)) return 'pbt';
    if (typeof values.pbk !== 'string') return 'pbk';
    const [nonce, signature] = values.pbk.split('.');
    if (!nonce || !signature || nonce.length > 32) return 'pbk';
    const expected = Buffer.from(this.sign(values.pbt, nonce));
    const got = Buffer.from(signature);
    if (expected.length !== got.length || !timingSafeEqual(expected, got)) return 'pbk';
    const age = this.clock.now().getTime() - Number(values.pbt);
    if (age < this.minFillSeconds * 1000) return 'too_fast';
    if (age > 2 * 86_400_000) return 'too_old';
    return undefined;
  }
}
