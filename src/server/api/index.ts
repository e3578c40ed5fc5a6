import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Services } from '../services/index';
import { apiError } from '../http/errors';
import { registerAppConfigRoutes } from './appConfig';
import { registerLegacyRoutes } from '../legacy/routes';
import { registerCaptchaRoutes } from './captcha';
import { registerHealth } from './health';
import { registerOpenApi } from './openapi';
import { registerPartnerRoutes } from './partners';
import { registerRatesRoutes } from './rates';
import { registerReferenceRoutes } from './reference';
import { registerSaveProgressRoutes } from './saveProgress';
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
  // Writes are limited per client address; reads are cheap and cached by the browser.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...apiError(429),
      retryAfter: ctx.after,
    }),
  });
  const writeLimit = { max: config.rateLimitWrites, timeWindow: config.rateLimitWindow };

  registerHealth(app, deps.db);
  registerAppConfigRoutes(app, config, services);
  registerTenancyRoutes(app, services, writeLimit);
  registerCaptchaRoutes(app, services);
  registerStatusRoutes(app, services);
  registerRatesRoutes(app, config);
  registerPartnerRoutes(app, services, writeLimit);
  registerReferenceRoutes(app, services);
  registerSaveProgressRoutes(app, services, writeLimit);
  registerLegacyRoutes(app, config, services, writeLimit);
  registerOpenApi(app, services.tenancies.codecs.new.wire);
}
