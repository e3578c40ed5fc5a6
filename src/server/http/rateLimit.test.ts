import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

describe('rate limit on writes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'pglite',
      env: { RATE_LIMIT_WRITES: '3', RATE_LIMIT_WINDOW: '1 hour' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 429 with a German message past the limit per client; reads stay open', async () => {
    const body = { rentalObject: { rentalContract: { deposit: '1000', isExisting: 'false' } } };
    const first = [];
    for (let i = 0; i < 3; i++)
      first.push((await call(s.url, 'POST', '/api/tenancies?step=start', body)).status);
    expect(first).toEqual([200, 200, 200]);
    const limited = await call(s.url, 'POST', '/api/tenancies?step=start', body);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toEqual({
      code: 'too_many_requests',
      message: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    });
    expect(limited.headers.get('retry-after')).toEqual(expect.any(String));
    expect((await call(s.url, 'GET', '/api/rates?sum=1000')).status).toBe(200);
  });
});
