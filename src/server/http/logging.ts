import type { FastifyInstance } from 'fastify';
import { cidTag } from '../log';

/**
 * One line per request: method, route pattern (never the raw URL, which may carry a cid or
 * personal data), status and time. A cid appears only as a short one-way tag.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // A callback hook: no promise per request (ADR 0600).
  app.addHook('onResponse', (request, reply, done) => {
    const q = request.query as Record<string, unknown> | undefined;
    const p = request.params as Record<string, unknown> | undefined;
    const cid = (typeof q?.cid === 'string' && q.cid) || (typeof p?.cid === 'string' && p.cid);
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(unmatched)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(cid ? { cidTag: cidTag(cid) } : {}),
      },
      'request',
    );
    done();
  });
}
