import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { PartnerKeyService } from '../partnerApi/keys';
import { partnerBody } from '../../domain/wire/testing/partnerBody';

/** Issue 15 item 14: Idempotency-Key on the API's writes with Stripe's semantics. */
describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({ engine, clock, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await s?.close();
  });
  const count = async () =>
    Number((await s.db.executeSql('SELECT count(*)::int AS n FROM applications', [])).rows[0]!.n);

  it('same key and body: the stored answer again, one contract; another body: 422', async () => {
    const body = { ...completeNewApiApplication(), ...(await securityFields(s.url)) };
    const headers = { 'idempotency-key': 'partner-order-4711' };
    const before = await count();
    const first = await call(s.url, 'POST', '/api/tenancies', body, { headers });
    expect(first.status).toBe(200);
    expect(first.body.state).toBe('submitted');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(s.url, 'POST', '/api/tenancies', body, { headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(before + 1);
    // The stored answer is not readable in the table (it carries the cid).
    const stored = await s.db.executeSql('SELECT response FROM idempotency_keys', []);
    expect(JSON.stringify(stored.rows)).not.toContain(first.body.cid);

    const other = await call(
      s.url,
      'POST',
      '/api/tenancies',
      { ...body, policyStartDate: '2026-03-16' },
      { headers },
    );
    expect(other.status).toBe(422);
    expect(other.body.errors[0].code).toBe('idempotency_key_reused');
    expect(other.body.errors[0].message).toContain('Idempotency-Key');
    expect(await count()).toBe(before + 1);
  });

  it('a step save replays too; keys expire after 24 hours; a bad key answers 400', async () => {
    const headers = { 'idempotency-key': 'save-1' };
    const body = { tenant: { firstName: 'Anna' } };
    const first = await call(s.url, 'POST', '/api/tenancies?step=tenant', body, { headers });
    const again = await call(s.url, 'POST', '/api/tenancies?step=tenant', body, { headers });
    expect(again.body.cid).toBe(first.body.cid);
    clock.advance(24 * 3600_000 + 1000);
    const later = await call(s.url, 'POST', '/api/tenancies?step=tenant', body, { headers });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.cid).not.toBe(first.body.cid);
    const bad = await call(s.url, 'POST', '/api/tenancies?step=tenant', body, {
      headers: { 'idempotency-key': 'a b' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_idempotency_key');
  });

  it("keys belong to their caller: another caller's replay gets its own answer and cannot pre-take a partner's key", async () => {
    const partnerKey = (await new PartnerKeyService(s.db, clock).create('IMMO1', { sandbox: true }))
      .key;
    const partner = (key: string) => ({
      headers: { authorization: `Bearer ${partnerKey}`, 'idempotency-key': key },
    });
    const anonymous = (key: string, ip = '198.51.100.20') => ({
      headers: { 'idempotency-key': key, 'x-forwarded-for': ip },
    });
    const body = partnerBody();

    // The partner's call with its order number as key; the stranger replays key and body.
    const first = await call(s.url, 'POST', '/api/tenancies', body, partner('order-4711'));
    expect(first.status).toBe(200);
    expect(first.body.cid).toEqual(expect.any(String));
    const stranger = await call(s.url, 'POST', '/api/tenancies', body, anonymous('order-4711'));
    expect(stranger.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain(first.body.cid);
    const trivial = await call(s.url, 'POST', '/api/tenancies', {}, anonymous('order-4711'));
    expect(trivial.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(trivial.body)).not.toContain(first.body.cid);
    // the partner still gets its own answer back
    const replay = await call(s.url, 'POST', '/api/tenancies', body, partner('order-4711'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.cid).toBe(first.body.cid);

    // A key taken first by a stranger does not block the partner's real call.
    const taken = await call(s.url, 'POST', '/api/tenancies', {}, anonymous('order-4712'));
    expect(taken.status).toBeLessThan(500);
    const real = await call(s.url, 'POST', '/api/tenancies', body, partner('order-4712'));
    expect(real.status).toBe(200);
    expect(real.headers.get('idempotent-replayed')).toBeNull();
    expect(real.body.cid).toEqual(expect.any(String));

    // Two anonymous clients with the same key: each its own application.
    const save = { tenant: { firstName: 'Anna' } };
    const a = await call(
      s.url,
      'POST',
      '/api/tenancies?step=tenant',
      save,
      anonymous('k1', '198.51.100.21'),
    );
    const b = await call(
      s.url,
      'POST',
      '/api/tenancies?step=tenant',
      save,
      anonymous('k1', '198.51.100.22'),
    );
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.cid).not.toBe(a.body.cid);
  });
});
