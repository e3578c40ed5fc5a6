import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

describe.each(engines)('rate limit on writes on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine,
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

describe.each(engines)(
  'one write limit per client across routes; partner lookups throttled on %s',
  (engine) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({
        engine,
        env: { RATE_LIMIT_WRITES: '4', RATE_LIMIT_LOOKUPS: '3', RATE_LIMIT_WINDOW: '1 hour' },
      });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('counts writes on different routes into one counter', async () => {
      const created = await call(s.url, 'POST', '/api/tenancies?step=start', {});
      expect(created.status).toBe(200);
      const cid = created.body.cid as string;
      const statuses = [
        (await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, {})).status,
        (await call(s.url, 'POST', '/api/subpartners', { cid })).status,
        (await call(s.url, 'POST', '/tenancy_steps_reconfigured/json_to_cid', {})).status,
      ];
      expect(statuses.every((st) => st !== 429)).toBe(true);
      // The fifth write, on a fifth route: past the one limit of 4.
      const fifth = await call(s.url, 'POST', '/api/saveprogress', {
        cid,
        step: 'start',
        email: 'a@example.org',
      });
      expect(fifth.status).toBe(429);
      expect(fifth.headers.get('retry-after')).toEqual(expect.any(String));
      // Lookups have their own counter: not yet spent by the writes.
      expect((await call(s.url, 'GET', '/api/partners/IMMO1')).status).toBe(200);
    });

    it('throttles partner lookups on both APIs together', async () => {
      const statuses = [];
      for (let i = 0; i < 2; i++)
        statuses.push((await call(s.url, 'GET', `/api/partners/NOPE${i}`)).status);
      statuses.push(
        (
          await call(
            s.url,
            'GET',
            '/tenancy_steps_reconfigured/get_uce_configuration?partner_code=X',
          )
        ).status,
      );
      expect(statuses).toEqual([404, 404, 429]);
    });
  },
);
