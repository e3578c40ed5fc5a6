import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { partnerBody } from '../../domain/wire/testing/partnerBody';
import { staffWithSession } from './testing/staffSession';

// Issue 24 item 4 and issue 31 item 1: partners, keys and webhooks in the back office (admin
// only), and the queue of requests for an individual guarantee, through the real staff API.
describe.each(engines)('back office partners and guarantee requests on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  type Member = Awaited<ReturnType<typeof staffWithSession>>;
  let ada: Member;
  let anna: Member;
  const send = (m: Member, method: string, path: string, body?: unknown) =>
    call(s.url, method, path, body, { headers: { cookie: m.cookie, origin: s.url } });
  const auditRows = async (action: string) =>
    (await s.db.executeSql('SELECT * FROM staff_audit WHERE action = $1 ORDER BY at', [action]))
      .rows;
  const start = (key: string) =>
    call(s.url, 'POST', '/api/tenancies?step=start', partnerBody(), {
      headers: { authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    s = await startTestServer({ engine, clock });
    ada = await staffWithSession(s.db, { role: 'admin', name: 'Ada Admin', now: clock.now() });
    anna = await staffWithSession(s.db, { role: 'staff', name: 'Anna Amt', now: clock.now() });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('an admin creates a partner and a key that works on the partner API until revoked', async () => {
    const made = await send(ada, 'POST', '/api/staff/partners', {
      code: 'UIP1',
      name: 'UI Partner',
    });
    expect(made.status).toBe(201);
    const again = await send(ada, 'POST', '/api/staff/partners', { code: 'UIP1', name: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe('Den Partnercode UIP1 gibt es schon.');
    const bad = await send(ada, 'POST', '/api/staff/partners', { code: 'a b', name: 'x' });
    expect(bad.status).toBe(400);

    const key = await send(ada, 'POST', '/api/staff/partners/UIP1/keys', { sandbox: false });
    expect(key.status).toBe(201);
    expect(key.body.key).toMatch(/^mk_live_/);
    const sandbox = await send(ada, 'POST', '/api/staff/partners/UIP1/keys', { sandbox: true });
    expect(sandbox.body.key).toMatch(/^mk_test_/);

    const live = await start(key.body.key);
    expect(live.status).toBe(200);
    expect((await start(sandbox.body.key)).status).toBe(200);

    const list = await send(ada, 'GET', '/api/staff/partners');
    const p = list.body.partners.find((x: { code: string }) => x.code === 'UIP1');
    expect(p.name).toBe('UI Partner');
    expect(p.keys.map((k: { sandbox: boolean }) => k.sandbox)).toEqual([false, true]);
    // The key itself is shown once, never listed.
    expect(JSON.stringify(list.body)).not.toContain(key.body.key);

    const revoked = await send(ada, 'POST', `/api/staff/partners/UIP1/keys/${key.body.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await start(key.body.key)).status).toBe(401);
    expect((await start(sandbox.body.key)).status).toBe(200);

    expect((await auditRows('partner.create')).at(-1)).toMatchObject({ staff_name: 'Ada Admin' });
    expect((await auditRows('partner.key_create')).length).toBe(2);
    expect((await auditRows('partner.key_revoke')).at(-1)?.details).toMatchObject({
      keyId: key.body.id,
    });
  });

  it('the staff role may not manage partners (403, audited)', async () => {
    const before = (await auditRows('forbidden')).length;
    expect((await send(anna, 'GET', '/api/staff/partners')).status).toBe(403);
    const r = await send(anna, 'POST', '/api/staff/partners', { code: 'NOPE', name: 'Nope' });
    expect(r.status).toBe(403);
    expect(r.body.errors[0].code).toBe('forbidden_role');
    expect((await auditRows('forbidden')).length).toBe(before + 2);
    const exists = await s.db.executeSql("SELECT 1 FROM partners WHERE code = 'NOPE'", []);
    expect(exists.rows).toEqual([]);
  });

  it('refuses a webhook URL to this host with a German message; a public https URL is set and removed', async () => {
    await send(ada, 'POST', '/api/staff/partners', { code: 'UIP2', name: 'Hook Partner' });
    const local = await send(ada, 'PUT', '/api/staff/partners/UIP2/webhook', {
      url: 'http://127.0.0.1/hook',
    });
    expect(local.status).toBe(400);
    expect(local.body.errors[0].message).toBe('Die Webhook-URL muss mit https:// beginnen.');
    const localTls = await send(ada, 'PUT', '/api/staff/partners/UIP2/webhook', {
      url: 'https://127.0.0.1/hook',
    });
    expect(localTls.body.errors[0].message).toMatch(
      /muss auf eine öffentliche Adresse zeigen; 127\.0\.0\.1 ist eine lokale/,
    );
    const ok = await send(ada, 'PUT', '/api/staff/partners/UIP2/webhook', {
      url: 'https://203.0.113.10/hook',
    });
    // 203.0.113.0/24 is documentation space: not public either.
    expect(ok.status).toBe(400);
    const pub = await send(ada, 'PUT', '/api/staff/partners/UIP2/webhook', {
      url: 'https://8.8.8.8/hook',
    });
    expect(pub.status).toBe(200);
    expect(pub.body.secret).toMatch(/^whsec_/);
    const listed = await send(ada, 'GET', '/api/staff/partners');
    expect(listed.body.partners.find((x: { code: string }) => x.code === 'UIP2').webhookUrl).toBe(
      'https://8.8.8.8/hook',
    );
    expect((await send(ada, 'DELETE', '/api/staff/partners/UIP2/webhook')).status).toBe(204);
    expect((await send(ada, 'DELETE', '/api/staff/partners/UIP2/webhook')).status).toBe(404);
    expect((await auditRows('partner.webhook_set')).length).toBe(1);
    expect((await auditRows('partner.webhook_remove')).length).toBe(1);
    const log = await send(ada, 'GET', '/api/staff/partners/UIP2/deliveries');
    expect(log.body.events).toEqual([]);
  });

  it('lists an open guarantee request, counts it, and marks it answered (audited)', async () => {
    const made = await call(
      s.url,
      'POST',
      '/api/guarantee-requests',
      { amount: '60.000', name: 'Max Anfrage', email: 'max@example.org', phone: '+493012345' },
      { form: true },
    );
    expect(made.status).toBe(201);
    const reference = made.body.reference as string;
    const overview = await send(anna, 'GET', '/api/staff/overview');
    expect(overview.body.requests).toBe(1);
    const list = await send(anna, 'GET', '/api/staff/requests');
    expect(list.body.items).toMatchObject([
      { reference, amountCents: 6_000_000, name: 'Max Anfrage', email: 'max@example.org' },
    ]);
    expect((await auditRows('queue.read')).at(-1)?.details).toMatchObject({ queue: 'requests' });
    const done = await send(anna, 'POST', `/api/staff/requests/${reference}/answered`);
    expect(done.status).toBe(200);
    expect((await send(anna, 'POST', `/api/staff/requests/${reference}/answered`)).status).toBe(
      404,
    );
    const row = (
      await s.db.executeSql(
        'SELECT state, answered_at FROM guarantee_requests WHERE reference = $1',
        [reference],
      )
    ).rows[0];
    expect(row?.state).toBe('answered');
    expect(new Date(row?.answered_at as string).getTime()).toBe(clock.now().getTime());
    expect((await send(anna, 'GET', '/api/staff/overview')).body.requests).toBe(0);
    expect((await auditRows('request.answered')).at(-1)).toMatchObject({ staff_name: 'Anna Amt' });
  });
});
