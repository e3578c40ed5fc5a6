import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Services } from '../services/index';
import { apiError } from '../http/errors';
import { counterStoreFor } from '../http/rateLimitStore';
import type { Logger } from '../log';
import { ContractService, registerContractRoutes } from '../contracts/index';
import { availabilityOf } from '../db/availability';
import { registerAppConfigRoutes } from './appConfig';
import { registerLegacyRoutes } from '../legacy/routes';
import { registerCaptchaRoutes } from './captcha';
import { registerHealth } from './health';
import { registerLegalRoutes } from './legal';
import { registerOpenApi } from './openapi';
import { isPartnerCall, registerPartnerAuth } from './partnerAuth';
import { registerPartnerRoutes } from './partners';
import { registerRatesRoutes } from './rates';
import { registerReferenceRoutes } from './reference';
import { createSaveProgressLimits, registerSaveProgressRoutes } from './saveProgress';
import { registerStatusRoutes } from './status';
import { registerTenancyRoutes } from './tenancies';

export interface ApiDeps {
  config: Config;
  db: Database;
  clock: Clock;
  services: Services;
}

/** All routes: the new API (/api/...), the old API on the same services, health. */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { config, services } = deps;
  // Writes are limited per client address, one counter across all write routes (ADR 1110);
  // reads are cheap and cached by the browser. On PostgreSQL the counters are in the database, so
  // the limits hold across all instances on it; on PGlite (one process) in memory (ADR 1114).
  await app.register(rateLimit, {
    global: false,
    store: counterStoreFor(deps.db, config.serverSecret),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...apiError(429),
      retryAfter: ctx.after,
    }),
  });
  // Partner calls (valid Bearer key) have their own limit per key instead (ADR 0710).
  const writeLimit = {
    max: config.rateLimitWrites,
    timeWindow: config.rateLimitWindow,
    allowList: isPartnerCall,
  };
  const lookupLimit = {
    max: config.rateLimitLookups,
    timeWindow: config.rateLimitWindow,
    // Its own counter per client, apart from the writes (the shared store keys by client + group).
    groupId: 'partner_lookup',
    // A lookup is a read: on a full disk the counter cannot be written but the partner can still
    // be read, so a failing counter lets it through (writes fail with the database anyway).
    skipOnError: true,
  };
  registerPartnerAuth(app, services.partnerKeys, {
    max: config.partnerRateLimit,
    timeWindow: config.partnerRateLimitWindow,
  });

  registerHealth(app, deps.db, availabilityOf(deps.db, app.log as unknown as Logger));
  registerAppConfigRoutes(app, config, services);
  registerTenancyRoutes(app, services, writeLimit);
  registerCaptchaRoutes(app, services);
  registerStatusRoutes(app, services);
  registerRatesRoutes(app, config);
  registerPartnerRoutes(app, services, writeLimit, lookupLimit);
  registerReferenceRoutes(app, services);
  registerLegalRoutes(app, config);
  const mailLimits = createSaveProgressLimits(app, config);
  registerSaveProgressRoutes(app, services, writeLimit, mailLimits);
  registerLegacyRoutes(app, config, services, writeLimit, lookupLimit, mailLimits);
  registerContractRoutes(
    app,
    new ContractService({
      db: deps.db,
      clock: deps.clock,
      log: app.log as unknown as Logger,
      mailer: services.mailer,
      serverSecret: config.serverSecret,
      sepaCreditorId: config.sepaCreditorId,
      publicUrl: () => config.publicUrl,
      webhooks: services.webhooks,
    }),
    { serverSecret: config.serverSecret, writeLimit, clock: deps.clock },
  );
  registerOpenApi(app, services.tenancies.codecs.new.wire);
}
