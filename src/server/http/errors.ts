import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
};

export function apiError(status: number, code?: string, message?: string): { errors: ApiError[] } {
  const base = byStatus[status] ?? byStatus[400]!;
  return { errors: [{ code: code ?? base.code, message: message ?? base.message }] };
}

/**
 * Every failure becomes a JSON answer with a German message. Client mistakes (bad JSON, wrong
 * content type, too large) keep their 4xx status; only our own faults are 500, and those are
 * logged without request data.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(apiError(err.statusCode, err.code, err.message));
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error(
        {
          errName: err.name,
          errCode: err.code,
          stack: err.stack?.split('\n').slice(1, 6).join('\n'),
        },
        'request failed',
      );
      return reply.status(500).send(apiError(500));
    }
    if (status === 429) {
      return reply.status(429).send(apiError(429));
    }
    return reply.status(status).send(apiError(status));
  });
}
