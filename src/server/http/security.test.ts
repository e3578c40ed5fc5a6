import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { helmetOptions, registerSecurity } from './security';

// ADR 0600: the headers computed once must be exactly what @fastify/helmet sets per request.
describe('security headers computed once', () => {
  it.each([
    {},
    { CHAT_URL: 'https://chat.example/widget?token=x', SIDEBAR_HOST: 'https://help.example' },
  ])('equal @fastify/helmet on every kind of answer (%o)', async (env) => {
    const config = loadConfig({ SERVER_SECRET: 'test-secret-0123456789abcdef', ...env });
    const build = async (ours: boolean) => {
      const app = Fastify({ logger: false });
      if (ours) await registerSecurity(app, config);
      else await app.register(helmet, helmetOptions(config));
      app.get('/api/x', async () => ({ ok: true }));
      app.get('/boom', async () => {
        throw new Error('boom');
      });
      return app;
    };
    const securityOnly = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h).filter(
          ([k]) =>
            !/^(date|connection|content-length|content-type|cache-control|vary|access-control-)/.test(
              k,
            ),
        ),
      );
    const [theirs, ours] = [await build(false), await build(true)];
    for (const url of ['/api/x', '/boom', '/nothing']) {
      const a = await theirs.inject({ method: 'GET', url });
      const b = await ours.inject({ method: 'GET', url });
      expect(securityOnly(b.headers), url).toEqual(securityOnly(a.headers));
      expect(Object.keys(securityOnly(b.headers)).length, url).toBeGreaterThanOrEqual(12);
    }
    await theirs.close();
    await ours.close();
  });
});
