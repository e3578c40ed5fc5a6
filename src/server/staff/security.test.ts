import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { sessionValue } from '../contracts/credentials';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { staffWithSession } from './testing/staffSession';

const MIN = 60_000;

describe.each(engines)('staff API security on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  let origin: Record<string, string>;
  const as = (cookie: string, extra: Record<string, string> = {}) => ({
    headers: { cookie, ...extra },
  });
  const auditCount = async (action: string) =>
    Number(
      (
        await s.db.executeSql('SELECT count(*)::int AS n FROM staff_audit WHERE action = $1', [
          action,
        ])
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, seed: false });
    origin = { origin: s.url };
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a signed-in member reads /api/staff/me; without a cookie it is 401', async () => {
    const a = await staffWithSession(s.db, { role: 'staff', name: 'Anna Amt', now: clock.now() });
    const me = await call(s.url, 'GET', '/api/staff/me', undefined, as(a.cookie));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ displayName: 'Anna Amt', role: 'staff' });
    const none = await call(s.url, 'GET', '/api/staff/me');
    expect(none.status).toBe(401);
    expect(none.body.errors[0].code).toBe('not_signed_in');
  });

  it('the staff cookie is worthless on the tenant API, the contract cookie on the staff API', async () => {
    const a = await staffWithSession(s.db, { role: 'admin', name: 'Bea Boss', now: clock.now() });
    const tenant = await call(s.url, 'GET', '/api/contracts/me', undefined, as(a.cookie));
    expect(tenant.status).toBe(401);
    // A valid contract-page session (the server's own signature) opens nothing here.
    const contract = sessionValue(
      s.config.serverSecret,
      '00000000-0000-4000-8000-000000000001',
      clock.now().getTime() + 30 * MIN,
    );
    const staffApi = await call(
      s.url,
      'GET',
      '/api/staff/me',
      undefined,
      as(`mk_contract=${encodeURIComponent(contract)}`),
    );
    expect(staffApi.status).toBe(401);
    // Nor the staff token under the contract cookie's name.
    const swapped = await call(
      s.url,
      'GET',
      '/api/contracts/me',
      undefined,
      as(`mk_contract=${a.token}`),
    );
    expect(swapped.status).toBe(401);
  });

  it('a state change from another origin, or without an Origin header, is refused', async () => {
    const a = await staffWithSession(s.db, { role: 'staff', name: 'Cem Cross', now: clock.now() });
    const foreign = await call(
      s.url,
      'POST',
      '/api/staff/sign-out',
      {},
      as(a.cookie, { origin: 'https://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0].code).toBe('forbidden_origin');
    const without = await call(s.url, 'POST', '/api/staff/sign-out', {}, as(a.cookie));
    expect(without.status).toBe(403);
    // Still signed in: neither request did anything.
    expect((await call(s.url, 'GET', '/api/staff/me', undefined, as(a.cookie))).status).toBe(200);
  });

  it('sign-out revokes the session at once; the cookie is cleared', async () => {
    const a = await staffWithSession(s.db, { role: 'staff', name: 'Dora Done', now: clock.now() });
    const out = await call(s.url, 'POST', '/api/staff/sign-out', {}, as(a.cookie, origin));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('mk_staff=; Max-Age=0; Path=/api/staff');
    const after = await call(s.url, 'GET', '/api/staff/me', undefined, as(a.cookie));
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe('session_ended');
  });

  it("an admin ends another member's sessions at once", async () => {
    const admin = await staffWithSession(s.db, {
      role: 'admin',
      name: 'Ede Admin',
      now: clock.now(),
    });
    const b = await staffWithSession(s.db, { role: 'staff', name: 'Fritz Fort', now: clock.now() });
    const r = await call(
      s.url,
      'POST',
      `/api/staff/members/${b.id}/revoke-sessions`,
      {},
      as(admin.cookie, origin),
    );
    expect(r.status).toBe(204);
    expect((await call(s.url, 'GET', '/api/staff/me', undefined, as(b.cookie))).status).toBe(401);
  });

  it('idle 30 minutes ends a session; activity keeps it only up to 10 hours', async () => {
    const start = clock.now();
    const idle = await staffWithSession(s.db, { role: 'staff', name: 'Ida Idle', now: start });
    const busy = await staffWithSession(s.db, { role: 'staff', name: 'Bo Busy', now: start });
    try {
      clock.advance(29 * MIN);
      expect((await call(s.url, 'GET', '/api/staff/me', undefined, as(busy.cookie))).status).toBe(
        200,
      );
      clock.advance(2 * MIN);
      expect((await call(s.url, 'GET', '/api/staff/me', undefined, as(idle.cookie))).status).toBe(
        401,
      );
      // busy was seen 2 minutes ago: still valid; keep it active up to just under 10 h.
      for (let t = 31; t < 600 - 20; t += 20) {
        clock.advance(20 * MIN);
        expect((await call(s.url, 'GET', '/api/staff/me', undefined, as(busy.cookie))).status).toBe(
          200,
        );
      }
      clock.set(new Date(start.getTime() + 600 * MIN));
      const ended = await call(s.url, 'GET', '/api/staff/me', undefined, as(busy.cookie));
      expect(ended.status).toBe(401);
      expect(ended.body.errors[0].code).toBe('session_ended');
    } finally {
      clock.set(start);
    }
  });

  it('an enrolment link works for 24 hours, then answers 410', async () => {
    const start = clock.now();
    const m = await staffWithSession(s.db, { role: 'staff', name: 'Jan Join', now: start });
    try {
      const ok = await call(
        s.url,
        'POST',
        '/api/staff/enrolment',
        { token: m.enrolmentToken },
        { headers: origin },
      );
      expect(ok.status).toBe(200);
      expect(ok.body.displayName).toBe('Jan Join');
      clock.advance(24 * 60 * MIN);
      for (const path of ['/api/staff/enrolment', '/api/staff/enrolment/options']) {
        const late = await call(
          s.url,
          'POST',
          path,
          { token: m.enrolmentToken },
          { headers: origin },
        );
        expect(late.status).toBe(410);
        expect(late.body.errors[0].code).toBe('enrolment_invalid');
      }
      const wrong = await call(
        s.url,
        'POST',
        '/api/staff/enrolment',
        { token: 'x'.repeat(43) },
        { headers: origin },
      );
      expect(wrong.status).toBe(410);
    } finally {
      clock.set(start);
    }
  });

  it('role escalation through the API answers 403, is audited and changes nothing', async () => {
    const a = await staffWithSession(s.db, { role: 'staff', name: 'Gus Grab', now: clock.now() });
    const before = await auditCount('forbidden');
    const invite = await call(
      s.url,
      'POST',
      '/api/staff/members',
      { email: 'gus2@firma.example', displayName: 'Gus Admin', role: 'admin' },
      as(a.cookie, origin),
    );
    expect(invite.status).toBe(403);
    expect(invite.body.errors[0].code).toBe('forbidden_role');
    expect(await auditCount('forbidden')).toBe(before + 1);
    const made = await s.db.executeSql("SELECT 1 FROM staff WHERE email = 'gus2@firma.example'");
    expect(made.rows).toHaveLength(0);
    const list = await call(s.url, 'GET', '/api/staff/members', undefined, as(a.cookie));
    expect(list.status).toBe(403);
  });

  it('an admin invites a member: the enrolment link is shown once, the database keeps its hash', async () => {
    const admin = await staffWithSession(s.db, {
      role: 'admin',
      name: 'Hanna Head',
      now: clock.now(),
    });
    const r = await call(
      s.url,
      'POST',
      '/api/staff/members',
      { email: 'Neu@Firma.example', displayName: 'Nina Neu', role: 'supervisor' },
      as(admin.cookie, origin),
    );
    expect(r.status).toBe(201);
    const token = /\/intern\/einladung#([A-Za-z0-9_-]{43})$/.exec(r.body.enrolmentUrl)?.[1];
    expect(token).toBeDefined();
    const stored = await s.db.executeSql('SELECT token_hash FROM staff_enrolments');
    expect(stored.rows.map((x) => x.token_hash)).not.toContain(token);
    const again = await call(
      s.url,
      'POST',
      '/api/staff/members',
      { email: 'neu@firma.example', displayName: 'Nina Zwei', role: 'staff' },
      as(admin.cookie, origin),
    );
    expect(again.status).toBe(400);
    expect(again.body.errors[0].code).toBe('email_taken');
  });

  it('audit rows cannot be changed or deleted, not even by the owner of the table', async () => {
    expect(await auditCount('forbidden')).toBeGreaterThan(0);
    await expect(s.db.executeSql("UPDATE staff_audit SET action = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(s.db.executeSql('DELETE FROM staff_audit')).rejects.toThrow(/append-only/);
    await expect(s.db.executeSql('TRUNCATE staff_audit')).rejects.toThrow(/append-only/);
    await s.db.orm.execute(sql`SELECT 1`);
    expect(await auditCount('forbidden')).toBeGreaterThan(0);
  });
});
