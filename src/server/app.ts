import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { Database } from './db/client';
import type { Logger } from './log';
import { createLogger } from './log';
import { parseQueryString as parseQuery, registerBodyParsers } from './http/bodies';
import { edgeSchemaController, registerEdge } from './http/edge';
import { registerErrorHandling } from './http/errors';
import { availabilityOf } from './db/availability';
import { registerRequestLogging, requestLoggerFactory } from './http/logging';
import { registerIdempotency } from './http/idempotency';
import { registerSecurity } from './http/security';
import { registerRoutes } from './routes';
import { createServices, type ServiceOverrides } from './services/index';
import type { Processing } from './processing/index';
import type { Mailer } from './mail/index';

export interface AppDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  log?: Logger;
  /** Replace single services (tests hand in e.g. a geocoder pointed at a local server). */
  services?: ServiceOverrides;
  /** The started decision processing; without it, submissions wait in state 'submitted'. */
  processing?: Processing;
  mailer?: Mailer;
  /** Check every declared JSON answer against its schema (the test server; ADR 1265). */
  checkAnswers?: boolean;
}

/** The whole HTTP server as a Fastify instance; main.ts listens, tests listen on port 0. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: log as unknown as FastifyBaseLogger,
    // Fastify's own request lines carry the URL (with cids); http/logging.ts writes safe ones.
    logController: new LogController({ disableRequestLogging: true }),
    // request.log's pino child is made only when something logs through it (http/logging.ts).
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Unknown query keys and odd encodings are the handlers' problem, not a crash.
    routerOptions: { maxParamLength: 200, querystringParser: (str: string) => parseQuery(str) },
    forceCloseConnections: 'idle',
    // Route schemas are zod (http/edge.ts, ADR 0309): Ajv is never loaded.
    schemaController: edgeSchemaController(deps.checkAnswers === true),
    // A slow or stalled client cannot hold a connection open (ADR 1111): the whole request must
    // arrive within REQUEST_TIMEOUT_SECONDS, an idle socket is closed after 60 s, and Node checks
    // every second instead of every 30 s. Node derives headersTimeout from the requestTimeout given
    // to its constructor; Fastify sets requestTimeout only afterwards, and with headersTimeout left
    // at 60 s a trickling body was never cut off (timeouts.test.ts), so both go to Node directly.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: 60_000,
    http: {
      connectionsCheckingInterval: 1000,
      requestTimeout: config.requestTimeoutSeconds * 1000,
      headersTimeout: Math.min(60_000, config.requestTimeoutSeconds * 1000),
    },
  });
  registerEdge(app);
  registerErrorHandling(app, availabilityOf(db, log));
  registerRequestLogging(app);
  await registerSecurity(app, config);
  await registerBodyParsers(app, config.bodyLimit);
  registerIdempotency(app, { db, clock, serverSecret: config.serverSecret });

  const overrides: ServiceOverrides = {
    ...(deps.processing ? { decisions: deps.processing, webhooks: deps.processing.webhooks } : {}),
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...deps.services,
  };
  const services = createServices({ config, db, clock, log, overrides });
  await registerRoutes(app, {
    config,
    db,
    clock,
    log,
    services,
    ...(deps.processing ? { processing: deps.processing } : {}),
  });
  return app;
}
