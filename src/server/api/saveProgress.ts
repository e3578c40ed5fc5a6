import type { FastifyInstance } from 'fastify';
import { route } from '../http/route';
import { saveProgressAnswers } from '../handlers/answerSchemas';
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
    route({
      summary: 'Mail a resume link ("Später fortfahren")',
      rateLimit: limits.write,
      body: saveProgressBody,
      querystring: saveProgressQuery,
      answers: saveProgressAnswers,
    }),
    (request, reply) =>
      saveProgressAnswer(services, services.tenancies.codecs.new, limits.mail, request, reply),
  );
}
