import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds, type DatabaseAvailability } from '../db/availability';

/** An API error that is not about a single field: a stable code plus a German sentence. */
export interface ApiError {
  code: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const byStatus: Record<number, ApiError> = {
  400: {
    code: 'bad_request',
    message: 'Die Anfrage ist fehlerhaft und konnte nicht verarbeitet werden.',
  },
  403: { code: 'forbidden', message: 'Diese Anfrage ist von dieser Herkunft aus nicht erlaubt.' },
  404: { code: 'not_found', message: 'Die angeforderte Adresse wurde nicht gefunden.' },
  405: { code: 'method_not_allowed', message: 'Diese Methode ist hier nicht erlaubt.' },
  406: { code: 'not_acceptable', message: 'Das angeforderte Format wird nicht unterstützt.' },
  413: {
    code: 'payload_too_large',
    message: 'Die gesendeten Daten sind zu groß.',
  },
  415: {
    code: 'unsupported_media_type',
    message:
      'Dieses Datenformat wird nicht unterstützt. Bitte senden Sie application/json oder application/x-www-form-urlencoded.',
  },
  429: {
    code: 'too_many_requests',
    message: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
  500: {
    code: 'unknown',
    message: 'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.',
  },
  503: {
    code: 'unavailable',
    message: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.',
  },
  507: {
    code: 'insufficient_storage',
    message:
      'Ihre Angaben können gerade nicht gespeichert werden (Speicher voll). Bitte versuchen Sie es später erneut.',
  },
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

export function apiError(status: number, code?: string, message?: string): { errors: ApiError[] } {
  const base = byStatus[status] ?? byStatus[400]!;
  return { errors: [{ code: code ?? base.code, message: message ?? base.message }] };
}

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
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(apiError(err.statusCode, err.code, err.message));
    }
    // The database away (restart, outage, full disk): one log line per outage, not per request.
    const fault = availability?.report(err);
    if (fault) {
      const s = fault === 'disk_full' ? 507 : 503;
      return reply.status(s).header('retry-after', String(retryAfterSeconds)).send(apiError(s));
    }
    if (badDataCodes.has(sqlState(err) ?? '')) {
      request.log.warn(
        { ...safeErrorFields(err), stack: undefined },
        'data refused by the database',
      );
      return reply.status(400).send(apiError(400));
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error(safeErrorFields(err), 'request failed');
      return reply.status(500).send(apiError(500));
    }
    if (status === 429) {
      return reply.status(429).send(apiError(429));
    }
    return reply.status(status).send(apiError(status));
  });
}
