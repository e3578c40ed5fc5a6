import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { statusError } from './errors';
import { isApiPath } from './security';
import { isPlausibleCid } from '../services/cid';

/**
 * Written by the build (vite.config.ts): per page route, the chunks its step body needs; '@entry'
 * the entry script with its imports, '@load' the lazy API client a page with a cid needs first.
 */
const routePreloadsFile = join('.vite', 'route-preloads.json');

/** What every page fetches before it can show anything (src/web/main.tsx, with credentials). */
const bootFetches = ['/api/config', '/locales/de.json'];

const fetchPreload = (url: string) =>
  `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;

function readRoutePreloads(webDistDir: string): Record<string, string[]> {
  try {
    const parsed = JSON.parse(readFileSync(join(webDistDir, routePreloadsFile), 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string[]>) : {};
  } catch {
    return {}; // a build without the plugin: pages still work, just without the hints
  }
}

/**
 * The `Link` header of a page (ADR 0602): the boot fetches, the route's step chunks and, when the
 * URL carries a cid (new API generation), the load call, all requested beside the entry script
 * instead of one after another (page -> entry -> config and texts -> step chunk -> saved data).
 */
function pageLinks(
  preloads: Record<string, string[]>,
  path: string,
  cid: unknown,
  preloadLoadCall: boolean,
): string {
  const module = (f: string) => `<${f}>; rel=modulepreload`;
  const links = (preloads['@entry'] ?? []).map(module);
  links.push(...bootFetches.map(fetchPreload));
  const chunks = preloads[path];
  links.push(...(chunks ?? []).map(module));
  // Only a cid of the shape we issue goes into a header (no header injection, no odd bytes).
  if (chunks && preloadLoadCall && isPlausibleCid(cid)) {
    links.push(fetchPreload(`/api/tenancies?cid=${cid}`));
    links.push(...(preloads['@load'] ?? []).map(module));
  }
  return links.join(', ');
}

/**
 * Serves the built web app (dist/web). Client routes (/start, /tenant?cid=..., /error) fall back
 * to index.html; everything else unknown is a JSON 404. Files go out pre-compressed (.br/.gz made
 * by the build) when the browser accepts it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  opts: { preloadLoadCall?: boolean } = {},
): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  const preloads = hasBuild ? readRoutePreloads(webDistDir) : {};
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route (GET and HEAD) per file found at the start; the .br/.gz copies are sent through
      // their file's route (preCompressed) and need none: without them half the routes, and
      // ~0.1 s less CPU at every start (ADR 1341).
      globIgnore: ['**/*.br', '**/*.gz'],
      // Vite puts content-hashed files in assets/: safe to cache for a long time.
      setHeaders(res, path) {
        if (path.includes(`${join('/', 'assets', '/')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoute(request, path)) {
      if (hasBuild) {
        reply.header('cache-control', 'no-cache');
        const cid = (request.query as Record<string, unknown> | undefined)?.cid;
        reply.header('link', pageLinks(preloads, path, cid, opts.preloadLoadCall ?? false));
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      // Without a build (API-only runs, tests) the page is simply not here: a 404 with the hint,
      // never a 5xx, which would depend on nothing but the path a client asks for.
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="de"><meta charset="utf-8"><title>Nicht gebaut</title>' +
            '<p>Die Web-App ist nicht gebaut. Bitte <code>npm start</code> verwenden (baut sie vorher).</p></html>',
        );
    }
    throw statusError(404);
  });
}

/**
 * A client route is any page path outside the API. A browser says so with Accept: text/html;
 * curl, monitors and HEAD requests send no such header, so a path without a file extension counts
 * too (a missing /assets/x.js must stay a 404, not turn into the app's HTML).
 */
function isClientRoute(request: { headers: { accept?: string } }, path: string): boolean {
  if (isApiPath(path)) return false;
  if ((request.headers.accept ?? '').includes('text/html')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}
