import * as z from 'zod/mini';
import { answer } from '../http/answers';
import { route } from '../http/route';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Services } from '../services/index';
import { de } from '../services/rulebook';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** GET /api/config (what the web app is configured with) and GET /locales/de.json (texts). */
export function registerAppConfigRoutes(
  app: FastifyInstance,
  config: Config,
  services: Services,
): void {
  app.get(
    '/api/config',
    route({
      summary: 'Configuration of the web app',
      answers: { 200: answer(z.object({ stepList: z.array(z.string()) }), 'AppConfig') },
    }),
    async () => ({
      ...services.tenancies.appConfig(),
      sidebarHost: config.sidebarHost,
      // Spec §7: the communication host; that server lists this one's origin in CORS_ORIGINS.
      apiHost: config.apiHost,
      chatUrl: config.chatUrl || null,
      creditorId: config.sepaCreditorId,
      // The premium is shown from the first step on, computed in the browser with the domain tariff.
      tariff: config.tariff,
      // The web app offers street suggestions only when a geocoder is configured.
      streetSuggestions: Boolean(config.geocoderUrl),
      // '' = the app's own /callback pages; another origin is left after 400 ms (spec §4).
      callbackBaseUrl: config.callbackBaseUrl ?? '',
      captcha: { challengeUrl: '/api/captcha/challenge' },
      botCheckUrl: '/api/botcheck',
    }),
  );

  // 25 KB of texts that every first page load waits for: serialised and compressed once (ADR 0602),
  // in libuv's thread pool (Brotli at level 11 took ~0.1-0.3 s of the start on the main thread).
  const texts = precompressed(JSON.stringify(de));
  // Seen by the requests that await it; not an unhandled rejection before the first one.
  texts.catch(() => undefined);
  app.get(
    '/locales/de.json',
    route({
      summary: 'German texts of the web app',
      answers: { 200: answer(z.record(z.string(), z.unknown()), 'Catalogue') },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return sendPrecompressed(request, reply, await texts);
    },
  );
}

interface Precompressed {
  identity: string;
  br: Buffer;
  gzip: Buffer;
}

async function precompressed(json: string): Promise<Precompressed> {
  const [br, gzip] = await Promise.all([brotli(json), gzipped(json, { level: 9 })]);
  return { identity: json, br, gzip };
}

/** br or gzip when the Accept-Encoding header names it (and not with q=0). */
function accepts(header: string, coding: string): boolean {
  return header
    .split(',')
    .map((p) => p.trim().split(';'))
    .some(([name, q]) => name === coding && !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''));
}

function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.type('application/json; charset=utf-8');
  const header = String(request.headers['accept-encoding'] ?? '');
  for (const coding of ['br', 'gzip'] as const) {
    if (accepts(header, coding)) return reply.header('content-encoding', coding).send(body[coding]);
  }
  return reply.send(body.identity);
}
