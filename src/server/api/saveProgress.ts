import type { FastifyInstance } from 'fastify';
import type { RouteLimits } from '../http/rateLimits';
import { saveProgressAnswer } from '../handlers/saveProgress';
import type { Services } from '../services/index';

/** "Später fortfahren" of the new API: POST /api/saveprogress {cid, step, email}. */
export function registerSaveProgressRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RouteLimits,
): void {
  app.post('/api/saveprogress', { config: { rateLimit: limits.write } }, (request, reply) =>
    saveProgressAnswer(services, services.tenancies.codecs.new, limits.mail, request, reply),
  );
}
