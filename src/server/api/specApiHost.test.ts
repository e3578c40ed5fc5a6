import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Spec §7: "All calls go to a configured communication host" - delivered in the app's
// configuration, with the CORS settings web and API on two origins need (ADR 0834).
const webOrigin = 'https://antrag.example.de';
const apiOrigin = 'https://api.example.de';

describe.each(engines)('spec §7 configured communication host on %s', (engine) => {
  let web: TestServer;
  let api: TestServer;
  beforeAll(async () => {
    [web, api] = await Promise.all([
      startTestServer({ engine, env: { API_HOST: `${apiOrigin}/` } }),
      startTestServer({ engine, env: { CORS_ORIGINS: webOrigin } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([web?.close(), api?.close()]);
  });

  it('the web server delivers the API host in /api/config and lets the page connect to it', async () => {
    const c = await call(web.url, 'GET', '/api/config');
    expect(c.body.apiHost).toBe(apiOrigin);
    const page = await fetch(`${web.url}/start`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp.split(';')).toContain(`connect-src 'self' ${apiOrigin}`);
    // Without API_HOST the app talks to the origin that served it.
    expect((await call(api.url, 'GET', '/api/config')).body.apiHost).toBe('');
  });

  it.each([
    ['PATCH', '/api/tenancies?cid=x&step=start'],
    ['POST', '/api/tenancies?step=start'],
    ['PUT', '/api/subpartners'],
    ['PUT', '/tenancy_steps_reconfigured/json_to_cid?step=start'],
    ['PUT', '/tenancy_steps_reconfigured/save_uce_values'],
  ])(
    'the API server allows the web origin a %s %s with cookies (preflight)',
    async (method, path) => {
      const pre = await fetch(`${api.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: webOrigin,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(webOrigin);
      expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
      expect(pre.headers.get('access-control-allow-methods')).toContain(method);
      const foreign = await fetch(`${api.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': method },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('both generations save from the web origin; another origin is refused', async () => {
    const headers = { origin: webOrigin };
    const n = await call(
      api.url,
      'POST',
      '/api/tenancies?step=start',
      { rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } } },
      { headers },
    );
    expect(n.status).toBe(200);
    expect(n.headers.get('access-control-allow-origin')).toBe(webOrigin);
    const o = await call(
      api.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start',
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=900',
      { form: true, headers },
    );
    expect(o.status).toBe(200);
    const evil = await call(
      api.url,
      'POST',
      '/api/tenancies?step=start',
      {},
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(evil.status).toBe(403);
  });
});

describe('API_HOST setting', () => {
  it.each([
    ['', ''],
    ['https://api.example.de', 'https://api.example.de'],
    ['https://api.example.de/', 'https://api.example.de'],
    ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
  ])('%j -> %j', (value, host) => expect(loadConfig({ API_HOST: value }).apiHost).toBe(host));

  it.each(['api.example.de', 'ftp://api.example.de', 'https://api.example.de/v1'])(
    'refuses %j',
    (value) => expect(() => loadConfig({ API_HOST: value })).toThrow(ConfigError),
  );
});
