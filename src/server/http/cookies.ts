import type { FastifyReply, FastifyRequest } from 'fastify';

/** A cookie the request carries (decoded), or undefined. The one cookie reader of the server. */
export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined; // a malformed escape is no session
      }
    }
  }
  return undefined;
}

/**
 * Sets an HttpOnly, SameSite=Strict cookie on `path` (Secure over https); `maxAgeSeconds` 0
 * deletes it.
 */
export function setCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  cookie: { name: string; value: string; path: string; maxAgeSeconds: number },
): void {
  const secure = cookie.maxAgeSeconds > 0 && req.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${cookie.name}=${encodeURIComponent(cookie.value)}; Max-Age=${cookie.maxAgeSeconds}; Path=${cookie.path}; HttpOnly; SameSite=Strict${secure}`,
  );
}
