import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// The staff sign-in limit (ADR 1207): passkey, enrolment and OIDC steps share one counter per
// client; the 429 carries a German message. Clients told apart by X-Forwarded-For (TRUST_PROXY).
describe.each(engines)('staff sign-in rate limit on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine,
      seed: false,
      env: { STAFF_SIGN_IN_ATTEMPTS: '3', TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });
  const from = (ip: string) => ({ headers: { origin: s.url, 'x-forwarded-for': ip } });

  it('the fourth sign-in step of a client in a minute is refused, other clients go on', async () => {
    const a = '203.0.113.7';
    expect((await call(s.url, 'POST', '/api/staff/sign-in/options', {}, from(a))).status).toBe(200);
    expect(
      (await call(s.url, 'POST', '/api/staff/enrolment', { token: 'x'.repeat(43) }, from(a)))
        .status,
    ).toBe(410);
    expect(
      (await call(s.url, 'GET', '/api/staff/auth/oidc/start', undefined, from(a))).status,
    ).toBe(404);
    const refused = await call(s.url, 'POST', '/api/staff/sign-in/verify', {}, from(a));
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].message).toBe(
      'Zu viele Anmeldeversuche von diesem Gerät. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
    );
    expect(
      (await call(s.url, 'POST', '/api/staff/enrolment/options', { token: 'y' }, from(a))).status,
    ).toBe(429);
    // Another client is not affected, and neither are other staff routes
    expect(
      (await call(s.url, 'POST', '/api/staff/sign-in/options', {}, from('198.51.100.2'))).status,
    ).toBe(200);
    expect((await call(s.url, 'GET', '/api/staff/auth/methods', undefined, from(a))).status).toBe(
      200,
    );
  });
});
