import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds, type DatabaseAvailability } from '../db/availability';
import { statusMessages } from '../texts/api';

/** An API error that is not about a single field: a stable code plus a German sentence. */
export interface ApiError {
  code: string;
  message: string;
  /** The form field the message belongs to (the after-sale forms). */
  field?: string;
}

/**
 * A refusal a handler throws: the error handler answers `{errors: [{code, message, field?}]}`
 * with its status. The one error sender of the API (ADR 1266).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Several field errors at once (one status, the first error's). */
export class HttpErrors extends Error {
  constructor(readonly errors: readonly HttpError[]) {
    super('field errors');
  }
}

const apiErrorOf = (e: HttpError): ApiError => ({
  code: e.code,
  message: e.message,
  ...(e.field ? { field: e.field } : {}),
});

/**
 * A route that does not do what it declares (ADR 1265): an answer against its schema (only the
 * test server checks answers, http/edge.ts), or a handler reading a guard's result it did not
 * declare. The error handler answers 500 with the code and this message, so the failing test
 * names the route and the fix.
 */
export class AnswerMismatch extends Error {
  override readonly name = 'AnswerMismatch';
  constructor(
    message: string,
    readonly code: 'answer_mismatch' | 'undeclared_guard' = 'answer_mismatch',
  ) {
    super(message);
  }
}

/** The stable code of each status answer; its sentence is in the API catalogue (texts/api.ts). */
const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'unknown',
  503: 'unavailable',
  507: 'insufficient_storage',
};

/**
 * Driver errors about the data itself (a character the database cannot store, a value too long
 * for its column): the request is at fault, never the server. A safety net behind the field rules.
 */
const badDataCodes = new Set(['22P05', '22021', '22001', '22P02', '54000']);

function sqlState(err: unknown): string | undefined {
  for (let e = err, d = 0; e && typeof e === 'object' && d < 6; d++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a failure may log: its class name, code and stack frames. Never the message: drivers put
 * the SQL text and its parameters (the whole form model: IBAN, e-mail, names) into it, and a
 * stack's first lines repeat the message (ADR 1102).
 */
export function safeErrorFields(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as { name?: unknown; code?: unknown; stack?: unknown; cause?: unknown };
  const frames =
    typeof e.stack === 'string'
      ? e.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .slice(0, 5)
          .map((l) => l.replace(/\(?file:\/\/[^)]*\/(src|node_modules)\//, '($1/'))
          .join('\n')
      : undefined;
  const cause = e.cause as { name?: unknown; code?: unknown } | undefined;
  return {
    errName: typeof e.name === 'string' ? e.name : undefined,
    errCode: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    ...(cause && typeof cause === 'object'
      ? { causeName: cause.name, causeCode: sqlState(cause) ?? cause.code }
      : {}),
    stack: frames,
  };
}

/**
 * The plain refusal of a status: its stable code and its sentence of the API catalogue
 * (`throw statusError(404)`); a status without either falls back to 400's.
 */
export function statusError(status: number): HttpError {
  const known = codeByStatus[status] ? status : 400;
  return new HttpError(status, codeByStatus[known]!, statusMessages[known]!);
}

/** The error body of the handler below: `{errors: [...]}`, built here only. */
const errorBody = (...errors: readonly HttpError[]) => ({ errors: errors.map(apiErrorOf) });

/**
 * Every failure becomes a JSON answer with a German message. Client mistakes (bad JSON, wrong
 * content type, too large) keep their 4xx status; only our own faults are 500, and those are
 * logged without request data.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  availability?: DatabaseAvailability,
): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AnswerMismatch) {
      request.log.error({ errName: err.name, mismatch: err.message }, 'answer against its schema');
      return reply.status(500).send(errorBody(new HttpError(500, err.code, err.message)));
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).send(errorBody(err));
    if (err instanceof HttpErrors) {
      const status = err.errors[0]?.statusCode ?? 400;
      return reply.status(status).send(errorBody(...err.errors));
    }
    // The database away (restart, outage, full disk): one log line per outage, not per request.
    const fault = availability?.report(err);
    if (fault) {
      const s = fault === 'disk_full' ? 507 : 503;
      return reply
        .status(s)
        .header('retry-after', String(retryAfterSeconds))
        .send(errorBody(statusError(s)));
    }
    if (badDataCodes.has(sqlState(err) ?? '')) {
      request.log.warn(
        { ...safeErrorFields(err), stack: undefined },
        'data refused by the database',
      );
      return reply.status(400).send(errorBody(statusError(400)));
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error(safeErrorFields(err), 'request failed');
      return reply.status(500).send(errorBody(statusError(500)));
    }
    if (status === 429) {
      // A limit with its own German message (the staff sign-in, ADR 1207) keeps it.
      const own = (err as { errors?: unknown }).errors;
      return reply
        .status(429)
        .send(Array.isArray(own) ? { errors: own } : errorBody(statusError(429)));
    }
    return reply.status(status).send(errorBody(statusError(status)));
  });
}
