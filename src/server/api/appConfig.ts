import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services/index';
import { de } from '../services/rulebook';

/** GET /api/config (what the web app is configured with) and GET /locales/de.json (texts). */
export function registerAppConfigRoutes(
  app: FastifyInstance,
  config: Config,
  services: Services,
): void {
  app.get('/api/config', async () => ({
    ...services.tenancies.appConfig(),
    sidebarHost: config.sidebarHost,
    chatUrl: config.chatUrl || null,
    creditorId: config.sepaCreditorId,
    // The web app offers street suggestions only when a geocoder is configured.
    streetSuggestions: Boolean(config.geocoderUrl),
    // '' = the app's own /callback pages; another origin is left after 400 ms (spec §4).
    callbackBaseUrl: config.callbackBaseUrl ?? '',
    captcha: { challengeUrl: '/api/captcha/challenge' },
    botCheckUrl: '/api/botcheck',
  }));

  app.get('/locales/de.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return de;
  });
}
