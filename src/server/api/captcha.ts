import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index';

/**
 * GET /api/captcha/challenge: a fresh ALTCHA challenge for the widget (challengeurl).
 * GET /api/botcheck: the bot-check values pb (empty), pbt and its signature pbk for a form.
 */
export function registerCaptchaRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/captcha/challenge', async () => services.captcha.challenge());
  app.get('/api/botcheck', async () => services.bots.issue());
}
