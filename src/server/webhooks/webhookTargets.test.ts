import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { startWebhookReceiver } from '../testing/webhookReceiver';
import { deliverWebhook } from './deliver';
import { WebhookRegistry, WebhookRegistryError } from './registry';

const clock = fixedClock('2026-03-02T10:00:00Z');

/**
 * Issue 28 item 8 (ADR 1134): the operator could set loopback, link-local (169.254.169.254) or
 * decimal/hex-IP webhook URLs, and the server would POST there. Now only https to public
 * addresses, checked when set and again on the connection of every delivery.
 */
describe.each(engines)('webhook targets on %s', (engine) => {
  let db: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    await db.executeSql("INSERT INTO partners (code, name) VALUES ('HOOK1', 'Hook Eins')");
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.close();
  });
  const stored = async () =>
    (await db.executeSql("SELECT url FROM partner_webhooks WHERE partner_code = 'HOOK1'")).rows;

  it.each([
    'http://partner.example/hook',
    'https://127.0.0.1/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    'https://0x7f.1/hook',
    'https://0177.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://2852039166/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:169.254.169.254]/hook',
    'https://[fe80::1]/hook',
    'https://10.0.0.1/hook',
    'https://192.168.178.1/hook',
    'https://localhost:4000/hook',
  ])('%s is refused and nothing is stored', async (url) => {
    const registry = new WebhookRegistry(db, clock);
    await expect(registry.set('HOOK1', url)).rejects.toThrow(WebhookRegistryError);
    expect(await stored()).toEqual([]);
  });

  it('an https URL to a public address is taken; local ones only with WEBHOOK_ALLOW_PRIVATE', async () => {
    const registry = new WebhookRegistry(db, clock);
    expect((await registry.set('HOOK1', 'https://93.184.215.14/hook')).url).toBe(
      'https://93.184.215.14/hook',
    );
    const forTests = new WebhookRegistry(db, clock, { allowPrivate: true });
    expect((await forTests.set('HOOK1', receiver.url)).url).toBe(receiver.url);
  });

  it('a delivery never connects to a non-public address, whatever the stored URL says', async () => {
    const port = new URL(receiver.url).port;
    // As if stored before this check existed, or a name that resolves elsewhere now (rebinding).
    for (const url of [receiver.url, `https://localhost:${port}/hooks/mietkaution`]) {
      await db.executeSql('DELETE FROM webhook_deliveries');
      await db.executeSql('DELETE FROM webhook_events');
      await db.executeSql("UPDATE partner_webhooks SET url = $1 WHERE partner_code = 'HOOK1'", [
        url,
      ]);
      const event = await db.executeSql(
        `INSERT INTO webhook_events (partner_code, application_id, type, payload, created_at)
         VALUES ('HOOK1', gen_random_uuid(), 'accepted', '{}'::jsonb, now()) RETURNING id`,
      );
      const id = event.rows[0]!.id as string;
      const before = receiver.received.length;
      await expect(deliverWebhook({ db, clock, timeoutSeconds: 5 }, id)).rejects.toThrow(
        /webhook delivery failed/,
      );
      expect(receiver.received.length, url).toBe(before);
      const log = await db.executeSql('SELECT status_code, error FROM webhook_deliveries');
      expect(log.rows, url).toEqual([
        { status_code: null, error: expect.stringMatching(/non-public|https/) },
      ]);
    }
    // The same stored URL is delivered when the setting allows local receivers (tests).
    await db.executeSql("UPDATE partner_webhooks SET url = $1 WHERE partner_code = 'HOOK1'", [
      receiver.url,
    ]);
    const event = await db.executeSql(
      `INSERT INTO webhook_events (partner_code, application_id, type, payload, created_at)
       VALUES ('HOOK1', gen_random_uuid(), 'accepted', '{}'::jsonb, now()) RETURNING id`,
    );
    await deliverWebhook(
      { db, clock, timeoutSeconds: 5, allowPrivate: true },
      event.rows[0]!.id as string,
    );
    expect(receiver.received.at(-1)?.status).toBe(200);
  });
});
