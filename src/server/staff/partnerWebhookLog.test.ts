import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startWebhookReceiver, waitFor } from '../testing/webhookReceiver';
import { partnerBody } from '../../domain/wire/testing/partnerBody';
import { staffWithSession } from './testing/staffSession';

// ADR 1205: the delivery log shows a failed delivery of a sandbox application's event, and
// "erneut zustellen" delivers it now, logged and audited.
describe.each(engines)('webhook delivery log in the back office on %s', (engine) => {
  let s: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let accept = false;
  const clock = fixedClock(testNow);
  let ada: Awaited<ReturnType<typeof staffWithSession>>;
  const send = (method: string, path: string, body?: unknown) =>
    call(s.url, method, path, body, { headers: { cookie: ada.cookie, origin: s.url } });

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => (accept ? 200 : 500));
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      // Plain http on 127.0.0.1 (ADR 1134); the queue's own retry comes far later than the test.
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '3600' },
    });
    ada = await staffWithSession(s.db, { role: 'admin', name: 'Ada Admin', now: clock.now() });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  it('lists a failed sandbox delivery and delivers it again on request', async () => {
    expect(
      (await send('PUT', '/api/staff/partners/IMMO1/webhook', { url: receiver.url })).status,
    ).toBe(200);
    const key = await send('POST', '/api/staff/partners/IMMO1/keys', { sandbox: true });
    const made = await call(s.url, 'POST', '/api/tenancies', partnerBody(), {
      headers: { authorization: `Bearer ${key.body.key}` },
    });
    expect(made.status).toBe(200);
    type Event = {
      eventId: string;
      type: string;
      sandbox: boolean;
      deliveredAt: string | null;
      deliveries: { statusCode: number | null }[];
    };
    let events: Event[] = [];
    await waitFor(async () => {
      events = (await send('GET', '/api/staff/partners/IMMO1/deliveries')).body.events;
      return events.some((e) => e.type === 'submitted' && e.deliveries.length > 0);
    });
    const failed = events.find((e) => e.type === 'submitted')!;
    expect(failed).toMatchObject({ sandbox: true, deliveredAt: null });
    expect(failed.deliveries[0]?.statusCode).toBe(500);

    accept = true;
    const again = await send(
      'POST',
      `/api/staff/partners/IMMO1/deliveries/${failed.eventId}/redeliver`,
    );
    expect(again.body).toEqual({ delivered: true });
    expect(
      receiver.received.filter((w) => w.status === 200 && JSON.parse(w.body).id === failed.eventId),
    ).toHaveLength(1);
    const after = (await send('GET', '/api/staff/partners/IMMO1/deliveries')).body.events.find(
      (e: Event) => e.eventId === failed.eventId,
    );
    expect(after.deliveredAt).not.toBeNull();
    expect(after.deliveries[0].statusCode).toBe(200);
    const audit = await s.db.executeSql(
      "SELECT details FROM staff_audit WHERE action = 'partner.webhook_redeliver'",
      [],
    );
    expect(audit.rows[0]?.details).toMatchObject({ eventId: failed.eventId, delivered: true });
    // Another partner's code does not reach this event.
    expect(
      (await send('POST', `/api/staff/partners/PORTAL/deliveries/${failed.eventId}/redeliver`))
        .status,
    ).toBe(404);
  }, 60_000);
});
