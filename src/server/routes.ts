import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Clock } from './clock';
import type { Database } from './db/client';
import type { Services } from './services/index';
import type { Logger } from './log';
import { registerApiRoutes } from './api/index';
import { registerOpenApi } from './api/openapi';
import { registerContractRoutes, registerPartialReleaseRoutes } from './contracts/index';
import { registerClaimRoutes } from './claims/routes';
import type { ClaimJobs } from './claims/service';
import type { ClaimAnnouncer } from './claims/store';
import { paymentsOf } from './money/payments';
import { availabilityOf } from './db/availability';
import { registerHealth } from './http/health';
import { registerPartnerAuth } from './http/partnerAuth';
import { registerRateLimits } from './http/rateLimits';
import { registerLegacyRoutes } from './legacy/routes';
import { evidenceDeps, registerEvidenceRoutes } from './evidence/index';

export interface RoutesDeps {
  config: Config;
  db: Database;
  clock: Clock;
  services: Services;
  /** Claims' deadline jobs and webhooks: the processing's when it runs (issue 26). */
  claims?: { jobs: ClaimJobs; announcer: ClaimAnnouncer } | undefined;
}

/**
 * Every API route, in one place (ADR 0307): the rate limits and partner keys both generations
 * share, health, the new API (api/) and the old API (legacy/) as two route tables over the same
 * handlers and services, the contract pages' API and the OpenAPI document.
 */
export async function registerRoutes(app: FastifyInstance, deps: RoutesDeps): Promise<void> {
  const { config, services } = deps;
  const limits = await registerRateLimits(app, deps);
  // Partner calls (valid Bearer key) have their own limit per key (ADR 0710); before the routes.
  registerPartnerAuth(app, services.partnerKeys, {
    max: config.partnerRateLimit,
    timeWindow: config.partnerRateLimitWindow,
  });

  registerHealth(app, deps.db, availabilityOf(deps.db, app.log as unknown as Logger));
  registerApiRoutes(app, { config, services, limits });
  registerLegacyRoutes(app, { config, services, limits });
  const contractDeps = {
    db: deps.db,
    clock: deps.clock,
    log: app.log as unknown as Logger,
    mailer: services.mailer,
    serverSecret: config.serverSecret,
    sepaCreditorId: config.sepaCreditorId,
    publicUrl: () => config.publicUrl,
    webhooks: services.webhooks,
  };
  registerPartialReleaseRoutes(app, contractDeps, { writeLimit: limits.write });
  registerContractRoutes(app, contractDeps, {
    writeLimit: limits.write,
    requestsPerClient: config.contractRequestsPerClient,
    mailsPerAddress: config.contractMailsPerAddress,
    payments: (id) => paymentsOf(deps.db.orm, config, id),
  });
  const evidence = evidenceDeps({ db: deps.db, clock: deps.clock, config });
  registerClaimRoutes(
    app,
    {
      db: deps.db,
      clock: deps.clock,
      log: app.log as unknown as Logger,
      mailer: services.mailer,
      serverSecret: config.serverSecret,
      publicUrl: () => config.publicUrl,
      jobs: deps.claims?.jobs,
      announcer: deps.claims?.announcer,
      evidence,
    },
    { writeLimit: limits.write },
  );
  await registerEvidenceRoutes(app, evidence, {
    writeLimit: limits.write,
  });
  registerOpenApi(app, services.tenancies.codecs.new.wire);
}
