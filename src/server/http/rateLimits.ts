import rateLimit, { type CreateRateLimitOptions, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { HttpError, statusError } from './errors';
import { isPartnerCall } from './partnerAuth';
import { counterStoreFor } from './rateLimitStore';

type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** The two mail limits of "Später fortfahren": per client address and per recipient address. */
export interface SaveProgressLimits {
  perClient: Limiter;
  perAddress: Limiter;
}

/**
 * The limits both API generations' routes share: a route config `{ rateLimit: write }` counts into
 * the one write counter per client (ADR 1110), `lookup` into the partner-lookup counter.
 */
export interface RouteLimits {
  write: object;
  lookup: object;
  mail: SaveProgressLimits;
}

/** The recipient as a counter key (the counter store keeps only its HMAC, ADR 1114). */
const addressKey = (email: string) => email.trim().toLowerCase();

/** A limit with a counter of its own (the store's purpose is the groupId, ADR 1114). */
const ownCounter = (groupId: string, options: CreateRateLimitOptions) =>
  ({ ...options, groupId }) as CreateRateLimitOptions;

/**
 * Registers @fastify/rate-limit and answers the route limits. Writes are limited per client
 * address, one counter across all write routes (ADR 1110); reads are cheap and cached by the
 * browser. On PostgreSQL the counters are in the database, so the limits hold across all instances
 * on it; on PGlite (one process) in memory (ADR 1114).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { config: Config; db: Database },
): Promise<RouteLimits> {
  const { config } = deps;
  await app.register(rateLimit, {
    global: false,
    store: counterStoreFor(deps.db, config.serverSecret),
    // The plugin throws what this returns (Retry-After is its header): the one error handler answers.
    errorResponseBuilder: () => statusError(429),
  });
  return {
    // Partner calls (valid Bearer key) have their own limit per key instead (ADR 0710).
    write: {
      max: config.rateLimitWrites,
      timeWindow: config.rateLimitWindow,
      allowList: isPartnerCall,
    },
    lookup: {
      max: config.rateLimitLookups,
      timeWindow: config.rateLimitWindow,
      // Its own counter per client, apart from the writes (the shared store keys by client + group).
      groupId: 'partner_lookup',
      // A lookup is a read: on a full disk the counter cannot be written but the partner can still
      // be read, so a failing counter lets it through (writes fail with the database anyway).
      skipOnError: true,
    },
    mail: saveProgressLimits(app, config),
  };
}

/**
 * The save-progress mail limits (ADR 1105): a client may ask for SAVE_PROGRESS_MAILS_PER_CLIENT
 * mails and an address may receive SAVE_PROGRESS_MAILS_PER_ADDRESS mails an hour, so the form
 * cannot be used to send our mails to strangers in bulk.
 */
function saveProgressLimits(app: FastifyInstance, config: Config): SaveProgressLimits {
  return {
    perClient: app.createRateLimit(
      ownCounter('save_progress_client', {
        max: config.saveProgressMailsPerClient,
        timeWindow: '1 hour',
        keyGenerator: (request) => request.ip,
      }),
    ),
    perAddress: app.createRateLimit(
      ownCounter('save_progress_address', {
        max: config.saveProgressMailsPerAddress,
        timeWindow: '1 hour',
        keyGenerator: (request) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          return addressKey(typeof body.email === 'string' ? body.email : '');
        },
      }),
    ),
  };
}

/**
 * The staff sign-in limit (ADR 1207): passkey options and answers, enrolment and the OpenID
 * Connect start and callback count into one counter per client address, so nobody can try
 * enrolment tokens or flood the challenge table. A route config `{ rateLimit: staffSignInLimit(…) }`.
 */
export const staffSignInLimit = (config: Config, message: string): RateLimitOptions => ({
  groupId: 'staff_sign_in',
  max: config.staffSignInAttempts,
  timeWindow: '1 minute',
  keyGenerator: (request) => request.ip,
  errorResponseBuilder: () => new HttpError(429, 'too_many_requests', message),
});
