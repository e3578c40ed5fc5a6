import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../api/openapiPaths';
import { fixedClock } from '../clock';
import { registeredRoutes } from '../http/edge';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { staffWithSession } from './testing/staffSession';

type Operation = { description?: string; security?: object[]; responses: Record<string, object> };
type Doc = { paths: Record<string, Record<string, Operation>> };

// The staff API's own OpenAPI document (ADR 1265, ADR 1300): every staff route declared with
// route({ staff }) is in it with its permission; the partners' document has none of them.
describe('the staff API document', () => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer({ engine: 'pglite', clock, seed: false });
    cookie = (await staffWithSession(s.db, { role: 'staff', name: 'Doku Leser', now: clock.now() }))
      .cookie;
  });
  afterAll(async () => {
    await s?.close();
  });
  const staffDoc = async () => {
    const r = await call(s.url, 'GET', '/api/staff/openapi.json', undefined, {
      headers: { cookie },
    });
    expect(r.status).toBe(200);
    return r.body as Doc;
  };

  it('lists the staff routes with their permission, and validates as OpenAPI 3.1', async () => {
    const doc = await staffDoc();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/staff/members', 'get')?.description).toContain('Permission: staff.manage.');
    expect(op('/api/staff/members', 'get')?.security).toEqual([{ staffSession: [] }]);
    expect(op('/api/staff/requests/{reference}/answered', 'post')?.description).toContain(
      'Permission: cases.decide.',
    );
    expect(op('/api/staff/partners/{code}/webhook', 'put')?.description).toContain(
      'Permission: partners.manage.',
    );
    // The sign-in steps are public: no session scheme, and they say so.
    const signIn = op('/api/staff/sign-in/verify', 'post');
    expect(signIn?.description).toContain('Permission: public.');
    expect(signIn?.security).toBeUndefined();
    expect(Object.keys(signIn?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '429']),
    );
    // Every declared staff route is in it, and nothing else.
    const declared = registeredRoutes(s.app).filter(
      (r) => r.declared?.staff && r.method !== 'HEAD',
    );
    expect(declared.length).toBeGreaterThan(25);
    for (const r of declared) {
      const documented = op(openApiPath(r.url), r.method.toLowerCase());
      expect(documented?.description, `${r.method} ${r.url}`).toContain(
        `Permission: ${r.declared!.staff}.`,
      );
      // The guard's refusals are declared by route() for every route with a permission.
      if (r.declared!.staff !== 'public')
        expect(Object.keys(documented?.responses ?? {}), `${r.method} ${r.url}`).toEqual(
          expect.arrayContaining(['401', '403']),
        );
    }
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/staff/'))).toEqual([]);
  });

  it("the partners' document lists nothing under /api/staff", async () => {
    const r = await call(s.url, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    expect(Object.keys((r.body as Doc).paths).length).toBeGreaterThan(20);
    expect(Object.keys((r.body as Doc).paths).filter((p) => p.startsWith('/api/staff'))).toEqual(
      [],
    );
    expect(JSON.stringify(r.body)).not.toContain('staffSession');
  });

  it('answers 401 without a session: no cookie, or a session that ended', async () => {
    const none = await call(s.url, 'GET', '/api/staff/openapi.json');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('not_signed_in');
    const m = await staffWithSession(s.db, { role: 'admin', name: 'Ex Amt', now: clock.now() });
    const out = await call(
      s.url,
      'POST',
      '/api/staff/sign-out',
      {},
      {
        headers: { cookie: m.cookie, origin: s.url },
      },
    );
    expect(out.status).toBe(204);
    const ended = await call(s.url, 'GET', '/api/staff/openapi.json', undefined, {
      headers: { cookie: m.cookie },
    });
    expect(ended.status).toBe(401);
    expect(ended.body.errors[0].code).toBe('session_ended');
  });
});
