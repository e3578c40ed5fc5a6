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
    // The chat's origin only on the pages the chat may run on (ADR 1133).
    const build = async (ours: boolean, chat = false) => {
      const app = Fastify({ logger: false });
      if (ours) await registerSecurity(app, config);
      else await app.register(helmet, helmetOptions(chat ? config : { ...config, chatUrl: '' }));
      app.get('/api/x', async () => ({ ok: true }));
      app.get('/kontakt', async () => 'Kontakt');
      app.get('/check', async () => 'Prüfen');
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
    const [theirs, theirsWithChat, ours] = [
      await build(false),
      await build(false, true),
      await build(true),
    ];
    for (const url of ['/api/x', '/boom', '/nothing', '/kontakt', '/check']) {
      const a = await (url === '/kontakt' ? theirsWithChat : theirs).inject({ method: 'GET', url });
      const b = await ours.inject({ method: 'GET', url });
      expect(securityOnly(b.headers), url).toEqual(securityOnly(a.headers));
      expect(Object.keys(securityOnly(b.headers)).length, url).toBeGreaterThanOrEqual(12);
    }
    if (env.CHAT_URL) {
      const csp = async (url: string) =>
        String((await ours.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(await csp('/kontakt')).toContain('https://chat.example');
      expect(await csp('/kontakt?x=1')).toContain('https://chat.example');
      for (const url of ['/check', '/vertrag', '/callback/danke', '/pruefen/abc', '/?cid=x'])
        expect(await csp(url), url).not.toContain('chat.example');
    }
    await theirs.close();
    await theirsWithChat.close();
    await ours.close();
  });
});
