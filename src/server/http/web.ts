import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiError } from './errors';
import { isApiPath } from './security';

/**
 * Serves the built web app (dist/web). Client routes (/start, /tenant?cid=..., /error) fall back
 * to index.html when a browser asks for HTML; everything else unknown is a JSON 404.
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
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(path)) {
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
