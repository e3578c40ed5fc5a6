import type { FastifyInstance } from 'fastify';
import type { EdgeTypes } from '../http/edge';
import { saveProgressBody, saveProgressQuery } from '../http/edgeParams';
import type { RouteLimits } from '../http/rateLimits';
import { saveProgressAnswer } from '../handlers/saveProgress';
import type { Services } from '../services/index';

/** "Später fortfahren" of the new API: POST /api/saveprogress {cid, step, email}. */
export function registerSaveProgressRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RouteLimits,
): void {
  app.withTypeProvider<EdgeTypes>().post(
    '/api/saveprogress',
    {
      config: { rateLimit: limits.write },
      schema: { body: saveProgressBody, querystring: saveProgressQuery },
    },
    (request, reply) =>
      saveProgressAnswer(services, services.tenancies.codecs.new, limits.mail, request, reply),
  );
}
