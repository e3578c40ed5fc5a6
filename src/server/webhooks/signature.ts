import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery is signed in (like Stripe's Stripe-Signature). */
export const signatureHeader = 'Mietkaution-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the partner's webhook secret. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (docs/integrators.md shows the same code): recompute the HMAC over the raw
 * body, compare in constant time, refuse old timestamps (replays).
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | null | undefined,
  opts: { nowSeconds: number; toleranceSeconds?: number },
): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  const v1 = parts.v1 ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(opts.nowSeconds - t) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
