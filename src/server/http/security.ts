import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';
import { apiMessages } from '../texts/api';
import { edgeSchemaController } from './edge';
import { chatAllowedOn } from '../../domain/legal/chatPages';

/** Paths whose answers are API answers (no-store, CORS, Origin check). */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url === '/api' ||
    url.startsWith('/tenancy_steps_reconfigured/') ||
    url.startsWith('/tenancy_reservation_steps_reconfigured/') ||
    url.startsWith('/ajax::tenancy_logic/') ||
    url.startsWith('/health')
  );
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The one helmet configuration: CSP, no referrer, and helmet's other defaults. */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  const extraScript = [originOf(config.chatUrl)].filter((o): o is string => !!o);
  const extraConnect = [
    originOf(config.sidebarHost),
    originOf(config.chatUrl),
    originOf(config.apiHost),
  ].filter((o): o is string => !!o);
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraScript],
        // ALTCHA solves its proof of work in web workers created from blob URLs.
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...extraConnect],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Cross-origin partner pages may embed links to us; no need to isolate the opener.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once. @fastify/helmet builds its middleware chain (and the CSP
 * string) again on every request (~9.5 % of the server's CPU on GET /api/rates, ADR 0600); the
 * set depends only on the configuration, so we let helmet itself produce it once, on a throwaway
 * instance, and copy it onto every answer. Names keep helmet's spelling and order.
 */
export async function staticSecurityHeaders(config: Config): Promise<[string, string][]> {
  // The edge's schema controller, as the app's: otherwise Fastify loads Ajv for this probe alone.
  const probe = Fastify({ logger: false, schemaController: edgeSchemaController(false) });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', (_req, reply) => {
    // getRawHeaderNames (OutgoingMessage, Node >= 15.13) keeps the spelling; @types/node lacks it.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    return raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
  });
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = res.json() as [string, string][];
  if (!headers.some(([n]) => n.toLowerCase() === 'content-security-policy'))
    throw new Error('helmet produced no Content-Security-Policy');
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // The chat provider's origin is in the CSP only for the pages the chat may run on (ADR 1133):
  // a document that starts on any other page cannot load its script at all.
  const headers = await staticSecurityHeaders({ ...config, chatUrl: '' });
  const chatHeaders = config.chatUrl ? await staticSecurityHeaders(config) : headers;
  // First onRequest hook, as helmet's was: every answer (pages, assets, API, 404, errors, CORS
  // preflights) carries the set. A callback hook: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    const set =
      chatHeaders !== headers && chatAllowedOn(request.url.split('?')[0] ?? '')
        ? chatHeaders
        : headers;
    for (let i = 0; i < set.length; i++) raw.setHeader(set[i]![0], set[i]![1]);
    done();
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH'],
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    try {
      checkOrigin(request, config);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The new-API web app sends cookies, so a state-changing call from a foreign page must be refused
 * (CSRF). Calls without an Origin header (partners' servers, curl) are not browser calls.
 */
function checkOrigin(request: FastifyRequest, config: Config): void {
  if (!stateChanging.has(request.method)) return;
  const origin = request.headers.origin;
  if (!origin) return;
  if (config.corsOrigins.includes(origin)) return;
  if (originOf(config.publicUrl) === origin) return;
  const host = request.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
  throw new HttpError(403, 'forbidden_origin', apiMessages.forbiddenOrigin);
}
