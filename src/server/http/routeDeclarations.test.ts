import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerKeyService } from '../partnerApi/keys';
import { systemClock } from '../clock';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { answer, errorAnswer } from './answers';
import { edgeObject, pathParam, registeredRoutes, type EdgeTypes } from './edge';
import { partnerOf } from './partnerAuth';
import { route } from './route';

const isWebFile = (s: TestServer, url: string) => existsSync(join(s.config.webDistDir, url));

describe('route declarations (ADR 1265)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'pglite',
      routes: (app) => {
        const api = app.withTypeProvider<EdgeTypes>();
        // A route whose handler answers something else than it declares.
        api.get(
          '/api/test/wrong-answer',
          route({
            summary: 'test',
            answers: { 200: answer(z.object({ count: z.number() }), 'A count') },
          }),
          // The cast stands for a handler whose types were loosened: the test server still refuses it.
          async () => ({ count: 'three' }) as unknown as { count: number },
        );
        // Reads the partner without declaring the guard.
        api.get(
          '/api/test/undeclared-partner',
          route({ summary: 'test', answers: { 200: answer(z.object({ p: z.string() }), 'ok') } }),
          async (req) => ({ p: partnerOf(req).partnerCode }),
        );
        api.get(
          '/api/test/partners-only/:nr',
          route({
            summary: 'test',
            partnerKey: 'required',
            params: edgeObject({ nr: pathParam({ description: 'Contract number' }) }),
            answers: {
              200: answer(z.object({ nr: z.string(), partner: z.string() }), 'ok'),
              401: errorAnswer('partner_key_required'),
            },
          }),
          async (req) => ({ nr: req.params.nr, partner: partnerOf(req).partnerCode }),
        );
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('every registered route declares its summary and answers', () => {
    const routes = registeredRoutes(s.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        // Every API route, the staff API's too (ADRs 1265, 1290): no allow-list left.
        !isWebFile(s, r.url),
    );
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes
      .filter((r) => !r.declared || Object.keys(r.declared.answers).length === 0)
      .map(
        (r) => `${r.method} ${r.url}: declare it with route({ summary, answers }) (http/route.ts)`,
      );
    expect(undeclared).toEqual([]);
  });

  it('fails an answer against its declared schema on the test server, naming route and field', async () => {
    const r = await call(s.url, 'GET', '/api/test/wrong-answer');
    expect(r.status).toBe(500);
    expect(r.body.errors[0].code).toBe('answer_mismatch');
    expect(r.body.errors[0].message).toContain('/api/test/wrong-answer answered 200');
    expect(r.body.errors[0].message).toContain('count');
  });

  it('refuses a partner-only route without a key (401 partner_key_required) and serves it with one', async () => {
    const without = await call(s.url, 'GET', '/api/test/partners-only/MK-2026-000001');
    expect(without.status).toBe(401);
    expect(without.body.errors[0].code).toBe('partner_key_required');
    const { key } = await new PartnerKeyService(s.db, systemClock).create('IMMO1', {
      sandbox: true,
    });
    const withKey = await call(s.url, 'GET', '/api/test/partners-only/MK-2026-000001', undefined, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toEqual({ nr: 'MK-2026-000001', partner: 'IMMO1' });
  });

  it("names the fix when a handler reads the partner without declaring partnerKey: 'required'", async () => {
    const r = await call(s.url, 'GET', '/api/test/undeclared-partner');
    expect(r.status).toBe(500);
    expect(r.body.errors[0]).toEqual({
      code: 'undeclared_guard',
      message: expect.stringContaining("declare partnerKey: 'required'"),
    });
  });

  it('documents the partner-only route with the partnerKey scheme alone', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body;
    const op = doc.paths['/api/test/partners-only/{nr}'].get;
    expect(op.security).toEqual([{ partnerKey: [] }]);
    expect(op.responses['200'].content['application/json'].schema.required).toEqual([
      'nr',
      'partner',
    ]);
  });
});
