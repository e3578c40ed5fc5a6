import { createHash } from 'node:crypto';
import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Personal data never reaches them: requests are logged as method, route
 * pattern, status and time only (no query string, no body, no headers), and a cid only as a short
 * hash that cannot be turned back into the cid.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'mietkaution-server' },
    redact: {
      paths: ['req.headers', 'req.body', 'req.query', 'body', 'query', 'cid', 'email', 'data'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The first 10 hex characters of the cid's SHA-256: enough to correlate log lines. */
export function cidTag(cid: string): string {
  return createHash('sha256').update(`log:${cid}`).digest('hex').slice(0, 10);
}
