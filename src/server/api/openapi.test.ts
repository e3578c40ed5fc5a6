import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  });
});
