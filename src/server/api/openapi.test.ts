import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepIds } from '../../domain/index';
import { registeredRoutes } from '../http/edge';
import { openApiPath } from './openapiPaths';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

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

  it('every write operation documents the Idempotency-Key header and its 422, as the server answers (issue 27)', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ name: string; in: string }>; responses: object }>
      >;
    };
    let writes = 0;
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of ['post', 'put', 'patch']) {
        const op = item[method];
        if (!op) continue;
        writes++;
        expect(op.parameters, `${method} ${path}`).toContainEqual(
          expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
        );
        expect(Object.keys(op.responses), `${method} ${path}`).toContain('422');
      }
    expect(writes).toBeGreaterThan(10);
    // what the document says is what happens: the same key for another request is 422
    const headers = { 'idempotency-key': 'openapi-doc-check-1' };
    const body = { rentalObject: { rentalContract: { deposit: '1000', isExisting: 'false' } } };
    const first = await call(s.url, 'POST', '/api/tenancies?step=start', body, { headers });
    expect(first.status).toBe(200);
    const other = await call(
      s.url,
      'POST',
      '/api/tenancies?step=start',
      { rentalObject: { rentalContract: { deposit: '2000', isExisting: 'false' } } },
      { headers },
    );
    expect(other.status).toBe(422);
    expect(other.body.errors[0].code).toBe('idempotency_key_reused');
  });

  it('describes every registered route (drift test: a new route must be added to the document)', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = registeredRoutes(s.app).filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        // The staff back office's API is internal, not for integrators (ADR 1200).
        !r.url.startsWith('/api/staff/') &&
        // Files of the built web app (served by @fastify/static) are not API.
        !existsSync(join(s.config.webDistDir, r.url)),
    );
    expect(routes.length).toBeGreaterThan(25);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('takes parameters and small bodies from the schemas the server validates (http/edge.ts)', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body;
    const param = (path: string, method: string, name: string) =>
      doc.paths[path][method].parameters.find((x: { name: string }) => x.name === name);
    // The step list is the domain's; a step the server does not know is refused (below).
    expect(param('/api/tenancies', 'patch', 'step').schema.enum).toEqual([...stepIds]);
    expect(param('/api/tenancies', 'patch', 'cid')).toMatchObject({ in: 'query', required: false });
    expect(param('/api/application/state/{cid}', 'get', 'cid')).toMatchObject({
      in: 'path',
      required: true,
    });
    expect(param('/ajax::tenancy_logic/bank_code_to_name', 'get', 'blz')).toBeDefined();
    expect(param('/api/rates', 'get', 'sum')).toMatchObject({ required: true });
    const checkout = doc.paths['/api/checkout/step'].post.requestBody.content['application/json'];
    expect(checkout.schema.properties.step.enum).toEqual(['uce']);
    const withdrawal = doc.paths['/api/contracts/withdrawal'].post.requestBody;
    expect(withdrawal.content['application/json'].schema.properties.contractNumber).toBeDefined();
  });

  it('reads answers and security off the routes, and the field registry into the Tenancy body (ADR 1265)', async () => {
    const doc = (await call(s.url, 'GET', '/api/openapi.json')).body;
    const me = doc.paths['/api/contracts/me'].get;
    expect(me.security).toEqual([{ contractSession: [] }]);
    const view = me.responses['200'].content['application/json'].schema;
    expect(view.properties.status.enum).toContain('cancellation_requested');
    expect(me.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorList',
    });
    expect(doc.paths['/api/tenancies'].post.security).toEqual([{}, { partnerKey: [] }]);
    expect(doc.paths['/api/tenancies'].get.security).toBeUndefined();
    // The claims and the partial release (once written by hand): read off their routes too.
    const tenantClaims = doc.paths['/api/contracts/me/claims'].get;
    expect(tenantClaims.security).toEqual([{ contractSession: [] }]);
    expect(tenantClaims.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TenantClaims',
    });
    expect(
      doc.components.schemas.TenantClaims.properties.claims.items.properties.state.enum,
    ).toContain('notified');
    const filing = doc.paths['/api/claims/verification/{token}'].post;
    expect(Object.keys(filing.responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '409', '429']),
    );
    expect(filing.requestBody.content['application/json'].schema.properties.items).toBeDefined();
    const partial = doc.paths['/api/contracts/verification/{token}/partial-release'].post;
    expect(
      partial.responses['200'].content['application/json'].schema.properties.remainingCents.type,
    ).toBe('integer');
    expect(
      partial.requestBody.content['application/json'].schema.properties.retained,
    ).toBeDefined();
    expect(doc.components.schemas.OrderStatus.properties.documents).toBeDefined();
    // Every leaf of the Tenancy body with a max length or pattern of the domain's tables.
    const leaves: Array<Record<string, unknown>> = [];
    const walk = (node: { properties?: Record<string, never> }) => {
      for (const child of Object.values(node.properties ?? {})) {
        leaves.push(child);
        walk(child);
      }
    };
    walk(doc.components.schemas.Tenancy);
    expect(leaves.filter((l) => typeof l.maxLength === 'number').length).toBeGreaterThan(20);
    expect(leaves.map((l) => l.pattern)).toContain('^\\d{5}$');
  });

  it('answers a value of the wrong form with 400 and a German sentence naming it', async () => {
    const bracket = await call(s.url, 'GET', '/api/tenancies?cid[x]=1');
    expect(bracket.status).toBe(400);
    expect(bracket.body.errors[0]).toEqual({
      code: 'invalid_parameter',
      message: expect.stringContaining('„cid“'),
    });
    const step = await call(s.url, 'POST', '/api/tenancies?step=nope', {});
    expect(step.status).toBe(400);
    expect(step.body.errors[0].code).toBe('invalid_step');
    const uce = await call(s.url, 'POST', '/api/checkout/step', { step: 'tenant' });
    expect(uce.status).toBe(400);
    expect(uce.body.errors[0]).toMatchObject({ code: 'invalid_step' });
    const email = await call(s.url, 'POST', '/api/contracts/access', { email: ['a@b.de'] });
    expect(email.status).toBe(400);
    expect(email.body.errors[0].message).toContain('„email“');
    // A name sent twice counts with its last value, as before the schemas.
    const twice = await call(s.url, 'GET', '/api/rates?sum=x&sum=1500');
    expect(twice.status).toBe(200);
    // A required value left out answers its own code, as the handler did before the schemas.
    for (const path of ['/api/rates', '/api/rates?sum=']) {
      const missing = await call(s.url, 'GET', path);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0].code).toBe('invalid_sum');
    }
  });
});
