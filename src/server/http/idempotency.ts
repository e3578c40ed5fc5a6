import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { HttpError } from './errors';
import { apiMessages } from '../texts/api';
import { isApiPath } from './security';

const DAY = 86_400_000;
/** A first call not answered within this long (process died) no longer blocks its key. */
const abandonedAfterMs = 60_000;
const keyPattern = /^[\x21-\x7E]{1,255}$/;
const writes = new Set(['POST', 'PUT', 'PATCH']);

const messages = {
  invalid: apiMessages.idempotencyKeyInvalid,
  reused: apiMessages.idempotencyKeyReused,
  inProgress: apiMessages.idempotencyKeyInProgress,
};

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { key: string; secret: Buffer };
  }
}

/**
 * `Idempotency-Key` on the API's writes, with Stripe's semantics (ADR 1113): the first call with a
 * key runs and its answer is stored; the same key with the same request answers that stored answer
 * again (header `Idempotent-Replayed: true`) without running anything; the same key with another
 * request answers 422; while the first call runs, 409. Keys expire after 24 hours. Answers of 5xx
 * are not stored, so the retry runs again. Without the header nothing changes.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; serverSecret: string },
): void {
  const { db, clock } = deps;
  const mac = (label: string, data: string) =>
    createHmac('sha256', deps.serverSecret).update(`${label}:${data}`).digest();
  let lastPurge = 0;

  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const header = request.headers['idempotency-key']!;
    const given = Array.isArray(header) ? header[0] : header;
    if (typeof given !== 'string' || !keyPattern.test(given))
      throw new HttpError(400, 'invalid_idempotency_key', messages.invalid);
    // A key belongs to its caller (ADR 1118): the partner's API key, or the client address of an
    // anonymous call. The same key from another caller is another key: it neither replays the
    // first caller's answer nor blocks it. Stored only as an HMAC of caller and key.
    const scope = request.partner ? `partner:${request.partner.keyId}` : `client:${request.ip}`;
    const key = mac('key', `${scope}\n${given}`).toString('base64url');

    // The request as the server understood it: the caller, method, URL with query, parsed body.
    const canonical = `${scope} ${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
    const requestHash = mac('request', canonical).toString('base64url');
    const now = clock.now();
    if (now.getTime() - lastPurge > 600_000) {
      lastPurge = now.getTime();
      await db.orm
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - DAY)));
    }
    // An expired key is free again.
    await db.orm
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - DAY)),
        ),
      );
    const claimed = await db.orm
      .insert(idempotencyKeys)
      .values({ key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const secret = mac('answer', canonical);
    if (claimed.length === 1) {
      request.idempotency = { key, secret };
      return;
    }
    const row = (
      await db.orm.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    )[0];
    if (!row) throw new HttpError(409, 'idempotency_key_in_progress', messages.inProgress);
    if (row.requestHash !== requestHash)
      throw new HttpError(422, 'idempotency_key_reused', messages.reused);
    if (row.status === null || row.response === null) {
      // The first call died without an answer: this retry takes the key over and runs.
      const taken = await db.orm
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - abandonedAfterMs)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 1) {
        request.idempotency = { key, secret };
        return;
      }
      reply.header('retry-after', '1');
      throw new HttpError(409, 'idempotency_key_in_progress', messages.inProgress);
    }
    return reply
      .status(row.status)
      .header('idempotent-replayed', 'true')
      .header('content-type', row.contentType ?? 'application/json; charset=utf-8')
      .send(decrypt(secret, row.response));
  }

  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency!;
    request.idempotency = undefined;
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      // Not an answer to keep: the retry runs the call again.
      await db.orm.delete(idempotencyKeys).where(eq(idempotencyKeys.key, claim.key));
      return;
    }
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : '';
    const contentType = reply.getHeader('content-type');
    await db.orm
      .update(idempotencyKeys)
      .set({
        status: reply.statusCode,
        response: encrypt(claim.secret, text),
        contentType: typeof contentType === 'string' ? contentType : null,
      })
      .where(eq(idempotencyKeys.key, claim.key));
  }

  // Callback hooks: a request without the header costs no promise (ADR 0600).
  const claiming: preHandlerHookHandler = (request, reply, done) => {
    if (request.headers['idempotency-key'] === undefined || !writes.has(request.method))
      return done();
    claim(request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  };
  const storing: onSendHookHandler = (request, reply, payload, done) => {
    if (!request.idempotency) return done(null, payload);
    store(request, reply, payload).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  };
  // Only on the API's write routes, which is where a key means anything (ADR 1336): added to each
  // such route as it is registered, ahead of the route's own hooks (where app-wide hooks ran), so
  // reads such as GET /api/rates run neither hook and their answers skip Fastify's onSend pass.
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => writes.has(m)) || !isApiPath(route.url)) return;
    route.preHandler = [claiming, ...[route.preHandler ?? []].flat()];
    route.onSend = [storing, ...[route.onSend ?? []].flat()];
  });
}

function encrypt(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function decrypt(key: Buffer, stored: string): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
