import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../app';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

/** Fastify's route syntax as an OpenAPI path: '::' is a literal ':', ':cid' a parameter. */
const openApiPath = (url: string): string =>
  url
    .split('::')
    .map((part) => part.replace(/:([A-Za-z_]+)/g, '{$1}'))
    .join(':');

describe('OpenAPI document', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine: 'pglite' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is served at /api/openapi.json and validates against the OpenAPI 3.1 schema', async () => {
    const r = await call(s.url, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    const result = await new Validator().validate(r.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const tenancy = r.body.components.schemas.Tenancy.properties;
    expect(tenancy.rentalObject.properties.rentalContract.properties.deposit).toBeDefined();
    expect(tenancy.bankAccount.properties.paymentFrequency.enum).toEqual(
      expect.arrayContaining(['annually', 'monthly']),
    );
    expect(tenancy.firstTenant.properties.termsAccepted).toBeDefined();
    expect(r.body.components.securitySchemes.partnerKey).toMatchObject({ scheme: 'bearer' });
    expect(r.body.webhooks.applicationEvent.post.requestBody).toBeDefined();
  });

  it('describes every registered route (drift test: a new route must be added to the document)', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = registeredRoutes(s.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        // Files of the built web app (served by @fastify/static) are not API.
        !existsSync(join(s.config.webDistDir, r.url)),
    );
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
