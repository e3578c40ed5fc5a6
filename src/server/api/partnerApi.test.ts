import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { applications } from '../db/schema/index';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startWebhookReceiver, waitFor } from '../testing/webhookReceiver';
import { PartnerKeyService } from '../partnerApi/keys';
import { WebhookRegistry } from '../webhooks/registry';
import { verifyWebhook } from '../webhooks/signature';
import { runDeletion } from '../processing/deletion';
import { partnerBody } from '../../domain/wire/testing/partnerBody';

const DAY = 86_400_000;

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe.each(engines)('partner API on %s', (engine) => {
  let s: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let keys: PartnerKeyService;
  let secret: string;
  const clock = fixedClock(testNow);
  const newKey = async (sandbox = true) => (await keys.create('IMMO1', { sandbox })).key;

  beforeAll(async () => {
    // The first delivery of every event fails: each must arrive by a retry.
    const seen = new Set<string>();
    receiver = await startWebhookReceiver((body) => {
      const id = (JSON.parse(body) as { id: string }).id;
      if (seen.has(id)) return 200;
      seen.add(id);
      return 500;
    });
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      // The browser write limit (4) is lower than the per-key one (6): keys are exempt from it.
      env: {
        PARTNER_RATE_LIMIT: '6',
        RATE_LIMIT_WRITES: '4',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        // The receiver is plain http on 127.0.0.1 (ADR 1134).
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    });
    keys = new PartnerKeyService(s.db, clock);
    secret = (
      await new WebhookRegistry(s.db, clock, { allowPrivate: true }).set('IMMO1', receiver.url)
    ).secret;
  });
  afterAll(async () => {
    await s?.close();
    await receiver?.close();
  });

  it('selling.mieterengel "true" without a phone: the tenant\'s phone, said in defaultedFields (issue 27)', async () => {
    const key = await newKey();
    const r = await call(
      s.url,
      'POST',
      '/api/tenancies',
      partnerBody({ mieterengel: 'true' }),
      bearer(key),
    );
    expect(r.body.errors).toEqual({});
    expect(r.body.state).toBe('submitted');
    expect(r.body.warnings.defaultedFields).toContain('selling.MieterEngel_phone');
    const row = (
      await s.db.orm.select().from(applications).where(eq(applications.id, r.body.applicationId))
    )[0]!;
    expect((row.data as { selling: Record<string, unknown> }).selling.MieterEngel_phone).toBe(
      '+4930123456',
    );
  });

  it('submits and decides the partners shape with a sandbox key; signed webhooks arrive', async () => {
    const key = await newKey();
    const r = await call(s.url, 'POST', '/api/tenancies', partnerBody(), bearer(key));
    expect(r.status).toBe(200);
    expect(r.body.errors).toEqual({});
    expect(r.body.state).toBe('submitted');
    expect(r.body.applicationId).toEqual(expect.any(String));
    expect(r.body.warnings.unknownFields).toBeUndefined();
    expect(r.body.warnings.assertedConsents).toEqual([
      'objective.conditionsAccepted',
      'objective.privacyPolicyAccepted',
      'objective.shippingNotesAccepted',
      'firstTenant.isCreditCheckApproved',
    ]);
    expect(r.body.warnings.defaultedFields).toEqual(
      expect.arrayContaining([
        'firstTenant.emailRepeat',
        'object.isContractTerminated',
        'objective.policyStartDate',
      ]),
    );

    let state = await call(s.url, 'GET', `/api/application/state/${r.body.cid}`);
    await waitFor(async () => {
      state = await call(s.url, 'GET', `/api/application/state/${r.body.cid}`);
      return !['submitted', 'created'].includes(state.body.state);
    });
    expect(state.body.state).toBe('accepted');
    expect(state.body.orderId).toMatch(/^TEST-MK-2026-\d{6}$/);

    // Both events, each after one failed attempt, signed with the partner's secret.
    const delivered = () =>
      receiver.received.filter(
        (w) => w.status === 200 && JSON.parse(w.body).data.applicationId === r.body.applicationId,
      );
    await waitFor(() => delivered().length >= 2);
    const events = delivered().map((w) => JSON.parse(w.body));
    expect(events.map((e) => e.type).sort()).toEqual([
      'application.accepted',
      'application.submitted',
    ]);
    const accepted = events.find((e) => e.type === 'application.accepted');
    expect(accepted).toMatchObject({
      sandbox: true,
      data: {
        state: 'accepted',
        orderId: state.body.orderId,
        partnerCode: 'IMMO1',
        product: 'mietkautionsbuergschaft',
      },
    });
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    for (const w of delivered()) {
      expect(w.headers['mietkaution-event-id']).toBe(JSON.parse(w.body).id);
      expect(
        verifyWebhook(secret, w.body, w.headers['mietkaution-signature'] as string, { nowSeconds }),
      ).toBe(true);
      expect(
        verifyWebhook('whsec_wrong', w.body, w.headers['mietkaution-signature'] as string, {
          nowSeconds,
        }),
      ).toBe(false);
    }
    // The delivery row is written after the receiver has answered: wait for it, too.
    const deliveries = () =>
      s.db.executeSql(
        `SELECT d.attempt, d.status_code FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE e.application_id = $1::uuid AND e.type = 'accepted' ORDER BY d.attempt`,
        [r.body.applicationId],
      );
    await waitFor(async () => (await deliveries()).rows.length >= 2);
    const log = await deliveries();
    expect(log.rows.map((x) => [Number(x.attempt), Number(x.status_code)])).toEqual([
      [1, 500],
      [2, 200],
    ]);

    // The record: a test, the key's partner, the asserted consents with their time, the product.
    const row = await s.db.executeSql(
      `SELECT a.sandbox, a.partner_code, s.product, s.asserted_consents, s.key_id
         FROM applications a JOIN api_submissions s ON s.application_id = a.id WHERE a.id = $1::uuid`,
      [r.body.applicationId],
    );
    expect(row.rows[0]).toMatchObject({
      sandbox: true,
      partner_code: 'IMMO1',
      product: 'mietkautionsbuergschaft',
    });
    expect(row.rows[0]!.asserted_consents).toEqual({
      'objective.conditionsAccepted': '2026-03-02T09:00:00.000Z',
      'objective.privacyPolicyAccepted': '2026-03-02T09:00:00.000Z',
      'objective.shippingNotesAccepted': '2026-03-02T09:00:00.000Z',
      'firstTenant.isCreditCheckApproved': '2026-03-02T09:00:00.000Z',
    });

    // Sandbox applications are gone a day later; business ones stay.
    const settings = {
      publicUrl: 'http://localhost',
      serverSecret: s.config.serverSecret,
      dataRetentionDays: s.config.dataRetentionDays,
      reservationDays: s.config.reservationDays,
      declinedRetentionDays: s.config.declinedRetentionDays,
      tariff: s.config.tariff,
    };
    const report = await runDeletion(s.db, settings, new Date(clock.now().getTime() + 2 * DAY));
    expect(report.sandbox_expired).toBeGreaterThanOrEqual(1);
    expect((await call(s.url, 'GET', `/api/application/state/${r.body.cid}`)).status).toBe(404);
  });

  it('without a key the same body takes the browser path and says what is missing', async () => {
    const r = await call(s.url, 'POST', '/api/tenancies', partnerBody());
    expect(r.status).toBe(200);
    expect(r.body.state).toBeUndefined();
    expect(r.body.errors.captchaResponseKey.message[0]).toBe('Lösen Sie die Sicherheitsaufgabe');
    expect(Object.keys(r.body.errors)).toEqual(
      expect.arrayContaining(['firstTenant[emailConfirmation]', 'termsAccepted']),
    );
    expect(r.body.warnings.ignoredFields).toEqual(['firstTenant.termsAccepted', 'product']);
    expect(r.body.warnings.messages[0]).toMatch(/nur mit einem API-Schlüssel/);
  });

  it('lists unknown fields as warnings (dotted paths) and still saves the rest', async () => {
    const body = partnerBody();
    (body.firstTenant as Record<string, unknown>).nmae = 'Tippfehler';
    (body.rentalObject as { rentalContract: Record<string, unknown> }).rentalContract.deposite =
      '1';
    body.unknownTopLevel = 'x';
    const r = await call(s.url, 'POST', '/api/tenancies?step=start', body, bearer(await newKey()));
    expect(r.status).toBe(200);
    expect(r.body.warnings.unknownFields).toEqual([
      'firstTenant.nmae',
      'rentalObject.rentalContract.deposite',
      'unknownTopLevel',
    ]);
    expect(r.body.warnings.messages[0]).toBe(
      'Unbekannte Felder wurden nicht übernommen: firstTenant.nmae, rentalObject.rentalContract.deposite, unknownTopLevel.',
    );
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${r.body.cid}`);
    expect(loaded.body.data.firstTenant.name).toBe('Mustermann');
    expect(loaded.body.data.partnerCode).toBe('IMMO1');
  });

  it('refuses a revoked or malformed key with 401, never falling back to the browser path', async () => {
    const key = await newKey();
    await keys.revoke((await keys.list('IMMO1')).find((k) => key.startsWith(k.prefix))!.id);
    const revoked = await call(s.url, 'POST', '/api/tenancies', partnerBody(), bearer(key));
    expect(revoked.status).toBe(401);
    expect(revoked.body.errors[0].code).toBe('invalid_api_key');
    expect(revoked.body.errors[0].message).toMatch(/ungültig oder wurde widerrufen/);
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await call(s.url, 'POST', '/api/tenancies', partnerBody(), {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('invalid_authorization');
    const count = await s.db.executeSql('SELECT count(*)::int AS n FROM api_submissions');
    const before = Number(count.rows[0]!.n);
    await call(s.url, 'POST', '/api/tenancies', partnerBody(), bearer(`mk_live_${'x'.repeat(43)}`));
    const after = await s.db.executeSql('SELECT count(*)::int AS n FROM api_submissions');
    expect(Number(after.rows[0]!.n)).toBe(before);
  });

  it('limits calls per key (PARTNER_RATE_LIMIT) with 429, not by the browser limit; keys are apart', async () => {
    const key = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await call(s.url, 'POST', '/api/tenancies?step=start', {}, bearer(key))).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const limited = await call(s.url, 'POST', '/api/tenancies?step=start', {}, bearer(key));
    expect(limited.body.errors[0].code).toBe('partner_rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const other = await call(
      s.url,
      'POST',
      '/api/tenancies?step=start',
      {},
      bearer(await newKey()),
    );
    expect(other.status).toBe(200);
  });

  it('works step by step too: start first, then the rest with step "check" in the body', async () => {
    const key = await newKey();
    const start = await call(
      s.url,
      'POST',
      '/api/tenancies',
      { step: 'start', rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } } },
      bearer(key),
    );
    expect(start.body.errors).toEqual({});
    expect(start.body.state).toBeUndefined();
    const done = await call(
      s.url,
      'PATCH',
      `/api/tenancies?cid=${start.body.cid}`,
      partnerBody({ lastName: 'Pruefung' }),
      bearer(key),
    );
    expect(done.body.errors).toEqual({});
    expect(done.body.state).toBe('submitted');
    expect(done.body.applicationId).toBe(start.body.applicationId);
  });

  it('keeps sandbox and live applications apart', async () => {
    const created = await call(
      s.url,
      'POST',
      '/api/tenancies?step=start',
      {},
      bearer(await newKey(false)),
    );
    expect(created.status).toBe(200);
    const r = await call(
      s.url,
      'PATCH',
      `/api/tenancies?cid=${created.body.cid}&step=start`,
      {},
      bearer(await newKey(true)),
    );
    expect(r.status).toBe(409);
    expect(r.body.errors[0].code).toBe('sandbox_mismatch');
  });
});
