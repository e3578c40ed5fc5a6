import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { staticSecurityHeaders } from '../src/server/http/security';
import { rates } from '../src/server/services/rulebook';

// The yardstick: a bare Fastify "hello" server with no plugins, in its own process like the product.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/health', async () => ({ status: 'ok' }));

// BARE_AS_RATES=1 (a second, reported yardstick, ADR 0600): still no plugins, hooks or logging,
// but every answer carries the product's own security and CORS headers and GET /rates the rates
// body, i.e. the bytes that /api/rates must send and the client must read.
if (process.env.BARE_AS_RATES === '1') {
  const config = loadConfig({ SERVER_SECRET: 'bench-secret-0123456789abcdef' });
  const headers: [string, string][] = [
    ...(await staticSecurityHeaders(config)),
    ['vary', 'Origin'],
    ['access-control-allow-credentials', 'true'],
  ];
  const body = JSON.stringify(rates(1500, config.tariff));
  app.get('/rates', (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('cache-control', `public, max-age=${config.ratesMaxAge}`);
    reply.type('application/json; charset=utf-8').send(body);
  });
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
