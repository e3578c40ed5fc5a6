import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';

// The HTTP shell does not depend on the engine; one engine keeps this file fast.
describe('HTTP shell', () => {
  let server: TestServer;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'mk-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html lang="de"><title>App</title></html>',
    );
    writeFileSync(join(web, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(join(web, 'assets', 'app-abc.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(web, 'assets', 'Tenant-x.js'), 'export {}');
    mkdirSync(join(web, '.vite'));
    writeFileSync(
      join(web, '.vite', 'route-preloads.json'),
      JSON.stringify({ '/tenant': ['/assets/Tenant-x.js'] }),
    );
    server = await startTestServer({
      engine: 'pglite',
      env: { WEB_DIST_DIR: web, CORS_ORIGINS: 'https://partner.example' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /health after checking the database', async () => {
    const r = await fetch(`${server.url}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the security headers: CSP without inline scripts, no referrer', async () => {
    const r = await fetch(`${server.url}/start`, { headers: { accept: 'text/html' } });
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/', '/start', '/tenant?cid=abc', '/error?keys=unknown', '/callback/danke'])(
    'falls back to the web app for the client route %s',
    async (path) => {
      const r = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('<title>App</title>');
    },
  );

  it('serves the app to clients that send no Accept header, but keeps missing files a 404', async () => {
    for (const path of ['/', '/start?cid=abc']) {
      const r = await fetch(`${server.url}${path}`, { headers: { accept: '*/*' } });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('<title>App</title>');
    }
    const head = await fetch(`${server.url}/tenant`, {
      method: 'HEAD',
      headers: { accept: '*/*' },
    });
    expect(head.status).toBe(200);
    const missing = await fetch(`${server.url}/assets/missing-123.js`, {
      headers: { accept: '*/*' },
    });
    expect(missing.status).toBe(404);
  });

  it('serves hashed assets as immutable and unknown API paths as JSON 404', async () => {
    const a = await fetch(`${server.url}/assets/app-abc.js`);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toContain('immutable');
    const r = await fetch(`${server.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(404);
    expect((await r.json()).errors[0].code).toBe('not_found');
  });

  it("sends the build's .br file to browsers that accept br, the plain file to others", async () => {
    // node:http, not fetch: fetch would decompress the body itself.
    const br = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((ok, fail) => {
      get(
        `${server.url}/assets/app-abc.js`,
        { headers: { 'accept-encoding': 'gzip, br' } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (b: Buffer) => parts.push(b));
          res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(parts) }));
        },
      ).on('error', fail);
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    const plain = await fetch(`${server.url}/assets/app-abc.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('sends the .br copy only through its file, not under a path of its own (ADR 1341)', async () => {
    const r = await fetch(`${server.url}/assets/app-abc.js.br`, { headers: { accept: '*/*' } });
    expect(r.status).toBe(404);
    const head = await fetch(`${server.url}/assets/app-abc.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('names the boot fetches, the step chunks and the load call in the page Link header', async () => {
    const cid = 'AbCdEfGhIjKlMnOpQrStUvWx';
    const r = await fetch(`${server.url}/tenant?cid=${cid}`, { headers: { accept: 'text/html' } });
    const link = r.headers.get('link') ?? '';
    expect(link).toContain('</api/config>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(link).toContain('</locales/de.json>; rel=preload');
    expect(link).toContain('</assets/Tenant-x.js>; rel=modulepreload');
    expect(link).toContain(`</api/tenancies?cid=${cid}>; rel=preload`);
    // A cid that is not of our shape never reaches a header.
    const odd = await fetch(`${server.url}/tenant?cid=%3Cx%3E%3B%20rel%3Dx`, {
      headers: { accept: 'text/html' },
    });
    expect(odd.headers.get('link')).not.toContain('/api/tenancies');
    const start = await fetch(`${server.url}/start`, { headers: { accept: 'text/html' } });
    expect(start.headers.get('link')).not.toContain('modulepreload');
  });

  it('answers 415 for an unexpected content type and 413 for an oversized body', async () => {
    const r = await fetch(`${server.url}/api/tenancies`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(r.status).toBe(415);
    const body = await r.json();
    expect(body.errors[0].message).toContain('Datenformat');
    const big = await fetch(`${server.url}/api/tenancies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('allows CORS only for configured origins', async () => {
    const ok = await fetch(`${server.url}/api/rates?sum=1000`, {
      headers: { origin: 'https://partner.example' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const other = await fetch(`${server.url}/api/rates?sum=1000`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${server.url}/api/tenancies?step=start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://partner.example' },
      body: '{}',
    });
    expect(post.status).toBe(200);
  });

  it('refuses state-changing calls from a foreign Origin', async () => {
    const r = await fetch(`${server.url}/api/tenancies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(r.status).toBe(403);
  });
});
