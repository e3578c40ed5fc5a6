import { createHash, randomBytes } from 'node:crypto';

/** A new cid: 144 random bits, URL-safe (base64url, 24 characters). */
export function newCid(): string {
  return randomBytes(18).toString('base64url');
}

/** What the database stores instead of the cid. */
export function hashCid(cid: string): string {
  return createHash('sha256').update(cid).digest('hex');
}

/** Cheap shape check before touching the database: anything else is simply unknown. */
export function isPlausibleCid(cid: unknown): cid is string {
  return typeof cid === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(cid);
}
