// The landlord's link (ADR 1240): once a claim names the landlord's e-mail address, a signed
// link to that address opens the claim form again without the release code. Stateless: the
// contract's id, an expiry and an HMAC under the server secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const landlordLinkDays = 7;
const DAY_MS = 86_400_000;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`claim-landlord-link\n${payload}`).digest('base64url');

export function landlordLinkToken(secret: string, applicationId: string, now: Date): string {
  const payload = `${applicationId}.${now.getTime() + landlordLinkDays * DAY_MS}`;
  return `${Buffer.from(payload).toString('base64url')}.${mac(secret, payload)}`;
}

/** The contract the link is for, when it is genuine and not expired. */
export function readLandlordLink(secret: string, token: unknown, now: Date): string | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const [encoded, sig] = token.split('.');
  if (!encoded || !sig) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  const [applicationId, expires] = payload.split('.');
  if (!applicationId || Number(expires) <= now.getTime()) return undefined;
  return applicationId;
}
