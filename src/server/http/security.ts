import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const extraScript = [originOf(config.chatUrl)].filter((o): o is string => !!o);
  const extraConnect = [originOf(config.sidebarHost), originOf(config.chatUrl)].filter(
    (o): o is string => !!o,
  );
  await app.register(helmet, {
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
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH'],
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    checkOrigin(request, config);
  });
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The new-API web app sends cookies, so a state-changing call from a foreign page must be refused
 * (CSRF). Calls without an Origin header (partners' servers, curl) are not browser calls.
 */
export function checkOrigin(request: FastifyRequest, config: Config): void {
  if (!stateChanging.has(request.method)) return;
  const origin = request.headers.origin;
  if (!origin) return;
  if (config.corsOrigins.includes(origin)) return;
  if (config.publicUrl && originOf(config.publicUrl) === origin) return;
  const host = request.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
  throw new HttpError(
    403,
    'forbidden_origin',
    'Diese Anfrage ist von dieser Herkunft aus nicht erlaubt.',
  );
}
