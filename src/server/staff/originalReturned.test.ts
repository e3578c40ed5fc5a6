import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionValue } from '../contracts/credentials';
import { acceptedContract, statusOf } from '../contracts/testing/afterSale';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { staffWithSession } from './testing/staffSession';

/**
 * The original certificate coming back ends the guarantee like the landlord's release (ADR 0925):
 * staff record it; a pending cancellation takes effect that day; nothing ends twice.
 */
describe.each(engines)('original certificate returned, on %s', (engine) => {
  let s: TestServer;
  let cookie: string;
  const clock = fixedClock(testNow);

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    cookie = (await staffWithSession(s.db, { role: 'staff', name: 'Otto Post', now: clock.now() }))
      .cookie;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const returned = (number: string) =>
    call(
      s.url,
      'POST',
      `/api/staff/contracts/${number}/original-returned`,
      {},
      { headers: { cookie, origin: s.url } },
    );
  const letterKinds = async (id: string) =>
    (
      await s.db.executeSql(
        'SELECT kind FROM contract_letters WHERE application_id = $1 ORDER BY created_at, kind',
        [id],
      )
    ).rows.map((r) => r.kind);
  const audits = async (id: string) =>
    (
      await s.db.executeSql(
        `SELECT staff_name FROM staff_audit WHERE application_id = $1 AND action = 'contract.original_returned'`,
        [id],
      )
    ).rows.map((r) => r.staff_name);

  it('an active guarantee ends (released), in the timeline as staff:{name}, audited, once', async () => {
    const { number, id } = await acceptedContract(s);
    const r = await returned(number);
    expect(r.status).toBe(200);
    expect(await statusOf(s, id)).toBe('released');
    const released = (
      await s.db.executeSql(
        `SELECT actor, details->>'confirmedBy' AS by FROM contract_events
         WHERE application_id = $1 AND type = 'released'`,
        [id],
      )
    ).rows;
    expect(released).toEqual([{ actor: 'staff:Otto Post', by: 'original_returned' }]);
    expect(await letterKinds(id)).toContain('released');
    expect(await audits(id)).toEqual(['Otto Post']);
    const again = await returned(number);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toContain('Diese Bürgschaft besteht nicht mehr');
  }, 90_000);

  it('a pending cancellation becomes effective that day (cancelled)', async () => {
    const { number, id } = await acceptedContract(s);
    const session = sessionValue(s.config.serverSecret, id, clock.now().getTime() + 600_000);
    const cancel = await call(
      s.url,
      'POST',
      '/api/contracts/me/cancellation',
      {},
      { headers: { cookie: `mk_contract=${session}` } },
    );
    expect(cancel.status).toBe(200);
    expect(await statusOf(s, id)).toBe('cancellation_requested');
    expect((await returned(number)).status).toBe(200);
    expect(await statusOf(s, id)).toBe('cancelled');
  }, 90_000);

  it('an unknown number answers 404', async () => {
    expect((await returned('MK-2026-999999')).status).toBe(404);
  });
});
