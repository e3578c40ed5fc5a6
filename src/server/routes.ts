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
import { paymentsOf } from './money/payments';
import { tenantMoney } from './money/selfService';
import { premiumStatementPdfOf } from './money/statement';
import { availabilityOf } from './db/availability';
import { registerHealth } from './http/health';
import { registerPartnerAuth } from './http/partnerAuth';
import { registerRateLimits } from './http/rateLimits';
import { registerLegacyRoutes } from './legacy/routes';
import { evidenceDeps, registerEvidenceRoutes } from './evidence/index';
import { registerWebApp } from './http/web';
import { createDocumentSupply, processingRoutes, type Processing } from './processing/index';
import { registerStaff } from './staff/index';

export interface RoutesDeps {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  services: Services;
  /** The started decision processing (its document supply and staff decisions), if any. */
  processing?: Processing;
}

/**
 * Every HTTP route, in one place (ADR 0307, ADR 1266): the rate limits and partner keys both
 * generations share, health, the new API (api/) and the old API (legacy/) as two route tables over
 * the same handlers and services, the contract pages' API, the OpenAPI document, the document
 * downloads (processing/routes.ts), the staff back office's API in its own scope, and last the
 * built web app (its files and the client routes' fallback).
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
    statement: (id, year) =>
      premiumStatementPdfOf(
        deps.db.orm,
        {
          operator: config.operator,
          sepaCreditorId: config.sepaCreditorId,
          siteUrl: config.publicUrl,
        },
        id,
        year,
        deps.clock.now(),
      ),
    money: tenantMoney({
      db: deps.db,
      clock: deps.clock,
      log: app.log as unknown as Logger,
      mailer: services.mailer,
      config,
    }),
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
      jobs: deps.processing?.claims.jobs,
      announcer: deps.processing?.claims.announcer,
      evidence,
    },
    { writeLimit: limits.write },
  );
  await registerEvidenceRoutes(app, evidence, {
    writeLimit: limits.write,
  });
  registerOpenApi(app, services.tenancies.codecs.new.wire);
  await registerStaff(app, {
    config,
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: services.mailer,
    webhooks: services.webhooks,
    ...(deps.processing ? { processing: deps.processing } : {}),
  });
  const supply =
    deps.processing?.context.supply ??
    createDocumentSupply({ db: deps.db, config, clock: deps.clock });
  await app.register(processingRoutes, {
    db: deps.db,
    supply,
    secret: config.serverSecret,
    clock: deps.clock,
  });
  await registerWebApp(app, config.webDistDir, {
    preloadLoadCall: config.apiGeneration === 'new',
  });
}
