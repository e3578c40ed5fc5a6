import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, described } from '../http/answers';
import { route } from '../http/route';
import type { Services } from '../services/index';

const challenge = answer(
  z.object({
    parameters: z.object({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
    signature: z.optional(z.string()),
  }),
  'ALTCHA challenge (version 2)',
);
const botCheck = answer(
  z.object({
    pb: described(z.string(), 'Keep empty'),
    pbt: described(z.string(), 'Send back unchanged'),
    pbk: described(z.string(), 'Send back unchanged'),
  }),
  'Values',
);

/**
 * GET /api/captcha/challenge: a fresh ALTCHA challenge for the widget (challengeurl).
 * GET /api/botcheck: the bot-check values pb (empty), pbt and its signature pbk for a form.
 */
export function registerCaptchaRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/captcha/challenge',
    route({
      summary:
        'A new ALTCHA proof-of-work challenge (solve it, send the base64 payload as captchaResponseKey)',
      answers: { 200: challenge },
    }),
    async () => services.captcha.challenge(),
  );
  app.get(
    '/api/botcheck',
    route({
      summary: 'Bot-check values pb (keep empty), pbt and pbk (send back unchanged)',
      answers: { 200: botCheck },
    }),
    async () => services.bots.issue(),
  );
}
