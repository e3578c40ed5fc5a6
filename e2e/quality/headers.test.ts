import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../../src/server/testing/http';
import type { TestServer } from '../../src/server/testing/server';
import { startAppServer } from '../support/server';

// Issue 7, abuse: security headers on every route, the Origin check, the write limiter; both engines.
const pages = [
  '/',
  '/start',
  '/uce',
  '/tenant',
  '/landlord',
  '/object',
  '/payment',
  '/selling',
  '/check',
  '/error?keys=unknown',
  '/callback/danke',
];
const apiGets = [
  '/api/config',
  '/api/tenancies?cid=unknowncid0000000000000',
  '/api/application/state/unknowncid0000000000000',
  '/api/reservation/state/unknowncid0000000000000',
  '/api/captcha/challenge',
  '/api/botcheck',
  '/api/banknames?bankCode=37040044',
  '/api/partners/NOPE',
  '/api/nothing-here',
  '/health',
];

function scriptSrc(csp: string | null): string {
  const d = (csp ?? '').split(';').map((s) => s.trim());
  return (
    d.find((s) => s.startsWith('script-src ')) ?? d.find((s) => s.startsWith('default-src ')) ?? ''
  );
}

function expectSecurityHeaders(h: Headers, where: string) {
  const csp = h.get('content-security-policy');
  expect(csp, where).toBeTruthy();
  const src = scriptSrc(csp);
  expect(src, where).toMatch(/^(script|default)-src /);
  expect(src, where).not.toContain("'unsafe-inline'");
  expect(src, where).not.toContain("'unsafe-eval'");
  expect(src, where).not.toMatch(/(^| )\*( |$)/);
  expect(h.get('referrer-policy'), where).toBe('no-referrer');
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
}

describe.each(['pglite', 'postgres'] as const)(
  'headers, Origin check and limits on %s',
  (engine) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startAppServer({
        engine,
        env: { RATE_LIMIT_WRITES: '5', RATE_LIMIT_WINDOW: '1 hour' },
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    test('every page route: CSP without unsafe-inline scripts, no-referrer, HTML app', async () => {
      for (const p of pages) {
        const r = await fetch(`${s.url}${p}`, {
          headers: { accept: 'text/html' },
          redirect: 'manual',
        });
        expect([200, 301, 302, 303, 307, 308], p).toContain(r.status);
        expectSecurityHeaders(r.headers, p);
        if (r.status === 200) expect(await r.text(), p).toContain('<div id="root">');
      }
    });

    test('static assets carry the headers too', async () => {
      const html = await (
        await fetch(`${s.url}/start`, { headers: { accept: 'text/html' } })
      ).text();
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThan(0);
      for (const a of assets) {
        const r = await fetch(`${s.url}${a}`);
        expect(r.status, a).toBe(200);
        expectSecurityHeaders(r.headers, a);
      }
    });

    test('every API answer is no-store (except the cacheable, personal-data-free rates)', async () => {
      for (const p of apiGets) {
        const r = await call(s.url, 'GET', p);
        expectSecurityHeaders(r.headers, p);
        expect(r.headers.get('cache-control'), p).toBe('no-store');
      }
      const created = await call(s.url, 'POST', '/api/tenancies?step=start', {
        rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
      });
      expect(created.status).toBe(200);
      expect(created.headers.get('cache-control')).toBe('no-store');
      const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${created.body.cid}`);
      expect(loaded.status).toBe(200);
      expect(loaded.headers.get('cache-control')).toBe('no-store');
      const rates = await call(s.url, 'GET', '/api/rates?sum=1500&payment=12');
      expect(rates.status).toBe(200);
      expect(rates.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expectSecurityHeaders(rates.headers, '/api/rates');
    });

    test('state-changing calls from a foreign Origin are refused; same origin and no Origin pass', async () => {
      const body = { rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } } };
      const foreign = await call(s.url, 'POST', '/api/tenancies?step=start', body, {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      const created = await call(s.url, 'POST', '/api/tenancies?step=start', body, {
        headers: { origin: s.url },
      });
      expect(created.status).toBe(200);
      for (const [method, path] of [
        ['PATCH', `/api/tenancies?cid=${created.body.cid}&step=start`],
        ['POST', '/api/saveprogress'],
        ['POST', '/api/subpartners'],
        ['POST', '/api/checkout/step'],
        ['PUT', '/tenancy_steps_reconfigured/json_to_cid'],
      ] as const) {
        const r = await call(s.url, method, path, body, {
          headers: { origin: 'http://localhost.evil.example' },
        });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      // The stored value is unchanged by the refused PATCH.
      const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${created.body.cid}`);
      expect(loaded.body.data.rentalObject.rentalContract.deposit).toBe('1500');
    });

    test('the write limiter answers 429 with a JSON error once the limit is used up', async () => {
      // This server allows 5 writes per hour per address; the tests above used some already.
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await call(s.url, 'POST', '/api/tenancies?step=start', {
          rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
        });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(r.headers.get('cache-control')).toBe('no-store');
          expect(typeof r.body).toBe('object');
        }
      }
      expect(statuses).toContain(429);
      expect(statuses.slice(statuses.indexOf(429))).toEqual(
        statuses.slice(statuses.indexOf(429)).map(() => 429),
      );
      // Reads are not limited.
      expect((await call(s.url, 'GET', '/api/rates?sum=1500')).status).toBe(200);
    });
  },
);
