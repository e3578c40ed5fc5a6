import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startWebhookReceiver, waitFor } from '../testing/webhookReceiver';
import { partnerBody } from '../../domain/wire/testing/partnerBody';
import { staffWithSession } from '../staff/testing/staffSession';
import { contracts } from '../db/schema/index';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';

// Partners hear about claims on guarantees their key made: claim.filed, claim.notified, … as
// signed webhooks with the claim's id and state, never amounts or the parties' data (ADR 1240).
describe.each(engines)('claim webhooks on %s', (engine) => {
  let s: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const clock = fixedClock(testNow);

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => 200);
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  it('a claim on a partner’s guarantee sends claim.filed and claim.notified', async () => {
    const ada = await staffWithSession(s.db, {
      role: 'admin',
      name: 'Ada Admin',
      now: clock.now(),
    });
    const send = (method: string, path: string, body?: unknown) =>
      call(s.url, method, path, body, { headers: { cookie: ada.cookie, origin: s.url } });
    await send('PUT', '/api/staff/partners/IMMO1/webhook', { url: receiver.url });
    const key = await send('POST', '/api/staff/partners/IMMO1/keys', { sandbox: true });
    const made = await call(s.url, 'POST', '/api/tenancies', partnerBody(), {
      headers: { authorization: `Bearer ${key.body.key}` },
    });
    expect(made.status).toBe(200);
    const bodies = () => receiver.received.map((w) => JSON.parse(w.body) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    await waitFor(() => bodies().some((b) => b.type === 'application.accepted'), 300);
    const applicationId = bodies().find((b) => b.type === 'application.accepted')!.data
      .applicationId;
    const [c] = await s.db.orm
      .select()
      .from(contracts)
      .where(eq(contracts.applicationId, applicationId));
    expect(c).toBeDefined();

    const { verificationToken } = contractCredentials(s.config.serverSecret, applicationId);
    const filed = await call(s.url, 'POST', `/api/claims/verification/${verificationToken}`, {
      code: landlordReleaseCode(s.config.serverSecret, applicationId),
      items: [
        {
          kind: 'damage',
          description: 'Kratzer im Parkett',
          amount: '200',
          handoverProtocol: true,
        },
      ],
      iban: 'DE89370400440532013000',
      accountHolder: 'Erika Vermieterin',
      email: 'vermieterin@example.org',
      declaration: true,
    });
    expect(filed.status).toBe(201);
    // Deliveries run side by side, so claim.notified may arrive before claim.filed: wait for both.
    await waitFor(
      () => ['claim.filed', 'claim.notified'].every((t) => bodies().some((b) => b.type === t)),
      300,
    );
    const claimEvents = bodies().filter((b) => String(b.type).startsWith('claim.'));
    // Their order is not the events' order (partners sort by state).
    expect(claimEvents.map((b) => [b.type, b.data.state, b.data.claimId]).sort()).toEqual([
      ['claim.filed', 'filed', filed.body.claimId],
      ['claim.notified', 'notified', filed.body.claimId],
    ]);
    // Ids and states only: no amount, IBAN or address of the parties.
    expect(JSON.stringify(claimEvents)).not.toMatch(/DE89|Erika|vermieterin|20000/);
  });
});
