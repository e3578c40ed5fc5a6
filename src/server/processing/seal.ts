import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM with a key derived from SERVER_SECRET; output "v1.<iv>.<tag>.<data>" (base64url). */
function key(secret: string): Buffer {
  return createHash('sha256').update(`resume-link:${secret}`).digest();
}

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** undefined when the secret changed (e.g. SERVER_SECRET unset and the server restarted). */
export function unseal(secret: string, sealed: string): string | undefined {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return undefined;
  try {
    const d = createDecipheriv('aes-256-gcm', key(secret), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
