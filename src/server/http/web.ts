import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiError } from './errors';
import { isApiPath } from './security';

/**
 * Serves the built web app (dist/web). Client routes (/start, /tenant?cid=..., /error) fall back
 * to index.html; everything else unknown is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
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
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="de"><meta charset="utf-8"><title>Nicht gebaut</title>' +
            '<p>Die Web-App ist nicht gebaut. Bitte <code>npm start</code> verwenden (baut sie vorher).</p></html>',
        );
    }
    return reply.status(404).send(apiError(404));
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
