import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RouteLimits } from '../http/rateLimits';
import type { Services } from '../services/index';
import { registerAppConfigRoutes } from './appConfig';
import { registerCaptchaRoutes } from './captcha';
import { registerGuaranteeRequestRoutes } from './guaranteeRequests';
import { registerLegalRoutes } from './legal';
import { registerMandateRoutes } from './mandate';
import { registerPartnerRoutes } from './partners';
import { registerRatesRoutes } from './rates';
import { registerReferenceRoutes } from './reference';
import { registerSaveProgressRoutes } from './saveProgress';
import { registerStatusRoutes } from './status';
import { registerTenancyRoutes } from './tenancies';

/**
 * The new API (/api/..., spec §7 right column): a route table over the handlers it shares with the
 * old API (../handlers) and the services. It never imports the old API's routes (ADR 0307).
 */
export function registerApiRoutes(
  app: FastifyInstance,
  deps: { config: Config; services: Services; limits: RouteLimits },
): void {
  const { config, services, limits } = deps;
  registerAppConfigRoutes(app, config, services);
  registerTenancyRoutes(app, services, limits.write);
  registerCaptchaRoutes(app, services);
  registerStatusRoutes(app, services);
  registerRatesRoutes(app, config);
  registerPartnerRoutes(app, services, limits);
  registerReferenceRoutes(app, services);
  registerLegalRoutes(app, config);
  registerSaveProgressRoutes(app, services, limits);
  registerMandateRoutes(app, config, services);
  registerGuaranteeRequestRoutes(app, services, limits, config.reconfigured);
}
