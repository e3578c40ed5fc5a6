import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { changeMember, MemberChangeError } from './memberChanges';
import { staffWithSession } from './testing/staffSession';

// Staff management (ADR 1208): an admin disables (all sessions end at once, sign-in refused),
// re-enables and changes roles; the last active admin cannot be disabled or demoted. Audited.
describe.each(engines)('staff management on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  const post = (cookie: string, path: string, body: unknown = {}) =>
    call(s.url, 'POST', `/api/staff/members${path}`, body, {
      headers: { cookie, origin: s.url },
    });
  const me = (cookie: string) =>
    call(s.url, 'GET', '/api/staff/me', undefined, { headers: { cookie } });
  const audit = async (action: string) =>
    (
      await s.db.executeSql(
        'SELECT staff_name, details FROM staff_audit WHERE action = $1 ORDER BY at',
        [action],
      )
    ).rows;

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, seed: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the only admin cannot disable or demote themselves; with a second admin they can', async () => {
    const ada = await staffWithSession(s.db, {
      role: 'admin',
      name: 'Ada Admin',
      now: clock.now(),
    });
    const disable = await post(ada.cookie, `/${ada.id}/disable`);
    expect(disable.status).toBe(409);
    expect(disable.body.errors[0]).toMatchObject({ code: 'last_admin' });
    expect(disable.body.errors[0].message).toContain('letzte aktive Administration');
    const demote = await post(ada.cookie, `/${ada.id}/role`, { role: 'staff' });
    expect(demote.status).toBe(409);
    expect((await me(ada.cookie)).body.role).toBe('admin');

    const ben = await staffWithSession(s.db, { role: 'staff', name: 'Ben Neu', now: clock.now() });
    const promoted = await post(ada.cookie, `/${ben.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', roleLabel: 'Administration' });
    // Ben's role counts from his next request, without a new sign-in
    expect((await me(ben.cookie)).body.role).toBe('admin');
    expect(await audit('staff.role_change')).toEqual([
      { staff_name: 'Ada Admin', details: { staffId: ben.id, from: 'staff', to: 'admin' } },
    ]);
    // Now Ada may step down
    expect((await post(ada.cookie, `/${ada.id}/role`, { role: 'supervisor' })).status).toBe(200);
    expect((await me(ada.cookie)).body.role).toBe('supervisor');
    // ... and has lost the right to manage staff at once
    expect((await post(ada.cookie, `/${ben.id}/disable`)).status).toBe(403);
    // Ben, now the last admin, cannot disable himself either
    expect((await post(ben.cookie, `/${ben.id}/disable`)).status).toBe(409);
  });

  it('disabling ends every session at once and refuses sign-in; enabling lets them in again', async () => {
    const boss = await staffWithSession(s.db, { role: 'admin', name: 'Bo Boss', now: clock.now() });
    const cleo = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Cleo Case',
      now: clock.now(),
    });
    const second = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Cleo Zwei',
      now: clock.now(),
    });
    expect((await me(cleo.cookie)).status).toBe(200);
    const disabled = await post(boss.cookie, `/${cleo.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    const after = await me(cleo.cookie);
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe('session_ended');
    expect((await me(second.cookie)).status).toBe(200);
    const list = await call(s.url, 'GET', '/api/staff/members', undefined, {
      headers: { cookie: boss.cookie },
    });
    expect(list.body.members.find((m: { id: string }) => m.id === cleo.id).disabled).toBe(true);
    expect((await audit('staff.disable')).at(-1)).toEqual({
      staff_name: 'Bo Boss',
      details: { staffId: cleo.id },
    });
    // A non-admin cannot do it (403, audited as forbidden)
    expect((await post(second.cookie, `/${boss.id}/disable`)).status).toBe(403);
    // Enabled again: the old session stays ended; a new sign-in is needed
    expect((await post(boss.cookie, `/${cleo.id}/enable`)).body.disabled).toBe(false);
    expect((await me(cleo.cookie)).status).toBe(401);
    expect((await post(boss.cookie, `/${cleo.id}/role`, { role: 'chef' })).status).toBe(400);
    expect((await post(boss.cookie, `/00000000-0000-4000-8000-000000000000/disable`)).status).toBe(
      404,
    );
  });

  it('two admins disabling each other at once: one of them stays', async () => {
    const x = await staffWithSession(s.db, { role: 'admin', name: 'Xa', now: clock.now() });
    const y = await staffWithSession(s.db, { role: 'admin', name: 'Ya', now: clock.now() });
    // Every other admin from the tests before is disabled first, so these two are the last.
    const others = await s.db.executeSql(
      "SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL AND id NOT IN ($1, $2)",
      [x.id, y.id],
    );
    for (const o of others.rows) {
      await s.db.executeSql('UPDATE staff SET disabled_at = now() WHERE id = $1', [o.id]);
    }
    const results = await Promise.allSettled([
      changeMember(s.db, x.id, { kind: 'disable' }, clock.now()),
      changeMember(s.db, y.id, { kind: 'disable' }, clock.now()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(MemberChangeError);
    const active = await s.db.executeSql(
      "SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL",
    );
    expect(active.rows[0]!.n).toBe(1);
  });
});
