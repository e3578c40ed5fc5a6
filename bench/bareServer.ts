import Fastify from 'fastify';

// The yardstick: a bare Fastify "hello" server with no plugins, in its own process like the product.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
