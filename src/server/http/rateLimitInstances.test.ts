import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { openPostgres } from '../db/client';
import { PartnerKeyService } from '../partnerApi/keys';
import { runDeletion } from '../processing/deletion';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { call } from '../testing/http';
import { memoryCounterStore } from './rateLimitStore';
import { startTestServer, type TestServer } from '../testing/server';

const limits = {
  RATE_LIMIT_WRITES: '4',
  RATE_LIMIT_LOOKUPS: '3',
  RATE_LIMIT_WINDOW: '1 hour',
  SAVE_PROGRESS_MAILS_PER_CLIENT: '3',
  SAVE_PROGRESS_MAILS_PER_ADDRESS: '2',
  PARTNER_RATE_LIMIT: '5',
  PARTNER_RATE_LIMIT_WINDOW: '1 hour',
  // Each part of the test is another client (X-Forwarded-For), so the limits do not mix.
  TRUST_PROXY: 'true',
};
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/**
 * ADR 1114: with DATABASE_URL the product runs as several stateless instances behind a load
 * balancer. Two real servers on one fresh PostgreSQL database, each with its own connection pool:
 * every limit is reached after N requests spread over both, not after 2N.
 */
describe('limits hold across two instances on one PostgreSQL', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    a = await startTestServer({ engine: 'postgres', database: db, env: limits });
    const second = await openPostgres(db.url!, 5);
    b = await startTestServer({
      engine: 'postgres',
      database: { ...second, url: db.url },
      env: limits,
      seed: false,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The servers in turn: a, b, a, b, ... */
  const instance = (i: number) => (i % 2 === 0 ? a : b);

  it('the write limit (4) is spent by writes on both instances', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(instance(i).url, 'POST', '/api/tenancies?step=start', {}, from('203.0.113.1')))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const s of [a, b]) {
      const limited = await call(
        s.url,
        'POST',
        '/api/tenancies?step=start',
        {},
        from('203.0.113.1'),
      );
      expect(limited.status).toBe(429);
      expect(limited.body.errors[0]).toEqual({
        code: 'too_many_requests',
        message: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    }
    // Another client is not affected.
    expect(
      (await call(b.url, 'POST', '/api/tenancies?step=start', {}, from('203.0.113.2'))).status,
    ).toBe(200);
  });

  it('concurrent writes on both instances: exactly the limit passes', async () => {
    // Eight at once from a new client, four to each instance, racing on one new counter row.
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(instance(i).url, 'POST', '/api/tenancies?step=start', {}, from('203.0.113.4')),
      ),
    );
    const statuses = all.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('the partner lookup limit (3) is spent by lookups on both instances and both APIs', async () => {
    const statuses = [
      (await call(a.url, 'GET', '/api/partners/NOPE1', undefined, from('203.0.113.3'))).status,
      (await call(b.url, 'GET', '/api/partners/NOPE2', undefined, from('203.0.113.3'))).status,
      (
        await call(
          a.url,
          'GET',
          '/tenancy_steps_reconfigured/get_uce_configuration?partner_code=X',
          undefined,
          from('203.0.113.3'),
        )
      ).status,
      (await call(b.url, 'GET', '/api/partners/NOPE3', undefined, from('203.0.113.3'))).status,
    ];
    expect(statuses.slice(0, 3).every((st) => st !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('save-progress mails: 2 per address and 3 per client over both instances', async () => {
    // Each mail from another client (the write limit is per client too), all to one address.
    const cid = (await call(a.url, 'POST', '/api/tenancies?step=start', {}, from('203.0.113.10')))
      .body.cid as string;
    const mail = (s: TestServer, ip: string, email: string) =>
      call(s.url, 'POST', '/api/saveprogress', { cid, step: 'start', email }, from(ip));
    expect((await mail(a, '203.0.113.11', 'same@example.org')).body.sent).toBe(true);
    expect((await mail(b, '203.0.113.12', 'same@example.org')).body.sent).toBe(true);
    const third = await mail(a, '203.0.113.13', 'Same@example.org');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.body.sent).toBe(false);
    expect(third.body.errors.email.message).toEqual([
      'Es wurden gerade zu viele E-Mails angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
    ]);

    // One client, fresh addresses: a, b, a are sent, the fourth (b) is refused.
    const client = '203.0.113.20';
    expect((await mail(a, client, 'p1@example.org')).body.sent).toBe(true);
    expect((await mail(b, client, 'p2@example.org')).body.sent).toBe(true);
    expect((await mail(a, client, 'p3@example.org')).body.sent).toBe(true);
    const fourth = await mail(b, client, 'p4@example.org');
    expect(fourth.status).toBe(429);
    expect(fourth.body.sent).toBe(false);
  });

  it('PARTNER_RATE_LIMIT (5) per key is spent by calls on both instances', async () => {
    const { key } = await new PartnerKeyService(db, systemClock).create('IMMO1', { sandbox: true });
    const auth = { headers: { authorization: `Bearer ${key}` } };
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await call(instance(i).url, 'POST', '/api/tenancies?step=start', {}, auth)).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await call(b.url, 'POST', '/api/tenancies?step=start', {}, auth);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].code).toBe('partner_rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('stores no client address, e-mail address or key in clear', async () => {
    const rows = await db.executeSql('SELECT purpose, key_hash FROM rate_limit_counters');
    expect(new Set(rows.rows.map((r) => r.purpose))).toEqual(
      new Set([
        'write',
        'partner_lookup',
        'save_progress_client',
        'save_progress_address',
        'partner_key',
      ]),
    );
    const dump = JSON.stringify(rows.rows);
    for (const clear of ['203.0.113', '127.0.0.1', 'example.org', 'same@'])
      expect(dump).not.toContain(clear);
  });
});

describe('rate-limit counters in PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'postgres',
      env: { RATE_LIMIT_WRITES: '2', RATE_LIMIT_WINDOW: '1 hour' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a window that is over starts again at 1; the deletion run removes it', async () => {
    const write = () => call(s.url, 'POST', '/api/tenancies?step=start', {});
    expect([(await write()).status, (await write()).status, (await write()).status]).toEqual([
      200, 200, 429,
    ]);
    // The window ends (moved into the past instead of waiting an hour).
    await s.db.executeSql(
      "UPDATE rate_limit_counters SET window_start = now() - interval '2 hours', expires_at = now() - interval '1 hour'",
    );
    expect((await write()).status).toBe(200);
    const count = await s.db.executeSql(
      "SELECT count FROM rate_limit_counters WHERE purpose = 'write'",
    );
    expect(count.rows.map((r) => Number(r.count))).toEqual([1]);

    await s.db.executeSql(
      "UPDATE rate_limit_counters SET window_start = now() - interval '2 hours', expires_at = now() - interval '1 hour'",
    );
    const report = await runDeletion(s.db, s.config, new Date());
    expect(report.rateLimitCountersRemoved).toBe(1);
    const left = await s.db.executeSql('SELECT count(*)::int AS n FROM rate_limit_counters');
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});

/** PGlite serves one process (ADR 1101): its counters are kept in memory, with the same windows. */
describe('rate-limit counters in memory (embedded engine)', () => {
  it('counts per purpose and key; a window that is over starts again at 1', () => {
    let t = 1_000;
    const Store = memoryCounterStore(() => t);
    const root = new Store();
    const writes = root.child({});
    const lookups = root.child({ groupId: 'partner_lookup' });
    const incr = (store: typeof root, key: string) => {
      let out: { current: number; ttl: number } | undefined;
      store.incr(key, (err, res) => (out = err ? undefined : res), 60_000, 10);
      return out;
    };
    expect(incr(writes, 'a')).toEqual({ current: 1, ttl: 60_000 });
    t += 10_000;
    expect(incr(writes, 'a')).toEqual({ current: 2, ttl: 50_000 });
    expect(incr(writes, 'b')).toEqual({ current: 1, ttl: 60_000 });
    expect(incr(lookups, 'a')).toEqual({ current: 1, ttl: 60_000 });
    t += 50_000;
    expect(incr(writes, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('the product on PGlite writes no counter rows', async () => {
    const s = await startTestServer({ engine: 'pglite', env: { RATE_LIMIT_WRITES: '2' } });
    try {
      const write = () => call(s.url, 'POST', '/api/tenancies?step=start', {});
      expect([(await write()).status, (await write()).status, (await write()).status]).toEqual([
        200, 200, 429,
      ]);
      const rows = await s.db.executeSql('SELECT count(*)::int AS n FROM rate_limit_counters');
      expect(Number(rows.rows[0]!.n)).toBe(0);
    } finally {
      await s.close();
    }
  });
});
