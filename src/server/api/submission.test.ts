import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import {
  completeNewApiApplication,
  securityFields,
  solveCaptcha,
  testNow,
} from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { apiMessages } from '../texts/api';

describe.each(engines)('final submission on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('creates a complete application in one call from a partner-style nested JSON body', async () => {
    const body = { ...completeNewApiApplication(), ...(await securityFields(s.url)) };
    const r = await call(s.url, 'POST', '/api/tenancies', body);
    expect(r.body.errors).toEqual({});
    expect(r.body.state).toBe('submitted');
    // Poll like the processing overlay until the decision is made.
    let status = await call(s.url, 'GET', `/api/application/state/${r.body.cid}`);
    for (let i = 0; i < 90 && ['submitted', 'created'].includes(status.body.state); i++) {
      await new Promise((res) => setTimeout(res, 200));
      status = await call(s.url, 'GET', `/api/application/state/${r.body.cid}`);
    }
    expect(status.body.state).toBe('accepted');
    expect(status.body.orderId).toEqual(expect.any(String));
    expect(status.body.digital).toBe(true);
    expect(status.body.rate).toBeGreaterThan(0);
    const again = await call(s.url, 'GET', `/api/tenancies?cid=${r.body.cid}`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_submitted');
  });

  it('submits a reservation, then continues it as a contract with the same cid', async () => {
    const app = completeNewApiApplication();
    const r = await call(s.url, 'POST', '/api/tenancies?step=tenant&reservation=1', {
      rentalObject: app.rentalObject,
      tenant: app.tenant,
      privacyPolicyAccepted: 'true',
      ...(await securityFields(s.url)),
    });
    expect(r.body.errors).toEqual({});
    expect(r.body.state).toBe('submitted');
    let st = await call(s.url, 'GET', `/api/reservation/state/${r.body.cid}`);
    for (let i = 0; i < 90 && ['submitted', 'created'].includes(st.body.state); i++) {
      await new Promise((res) => setTimeout(res, 200));
      st = await call(s.url, 'GET', `/api/reservation/state/${r.body.cid}`);
    }
    expect(st.body.state).toBe('accepted');
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${r.body.cid}`);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.state).toBe('not_completed_reservation');
    const landlord = await call(s.url, 'PATCH', `/api/tenancies?cid=${r.body.cid}&step=landlord`, {
      landlord: app.landlord,
    });
    expect(landlord.body.errors).toEqual({});
    expect((await call(s.url, 'GET', `/api/reservation/state/${r.body.cid}`)).body.state).toBe(
      'accepted',
    );
    expect((await call(s.url, 'GET', `/api/application/state/${r.body.cid}`)).status).toBe(409);
  });

  /** Polls a state endpoint like the processing overlay until the decision is made. */
  const decided = async (path: string) => {
    let st = await call(s.url, 'GET', path);
    for (let i = 0; i < 90 && ['submitted', 'created'].includes(st.body.state); i++) {
      await new Promise((res) => setTimeout(res, 200));
      st = await call(s.url, 'GET', path);
    }
    return st.body;
  };

  it('turns a started contract into a reservation from the landlord hint (same cid), with its Sofortzusage', async () => {
    const app = completeNewApiApplication();
    const start = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: app.rentalObject,
      digitalGuarantee: 'true',
    });
    expect(start.body.errors).toEqual({});
    const cid = start.body.cid as string;
    const tenant = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=tenant`, {
      tenant: app.tenant,
      hasCoTenant: 'false',
    });
    expect(tenant.body.errors).toEqual({});
    // 'Reservieren und später fortfahren' on /landlord: /tenant?reservation=true submits it.
    const reserve = await call(
      s.url,
      'PATCH',
      `/api/tenancies?cid=${cid}&step=tenant&reservation=1`,
      {
        tenant: app.tenant,
        privacyPolicyAccepted: 'true',
        ...(await securityFields(s.url)),
      },
    );
    expect(reserve.body.errors).toEqual({});
    expect(reserve.body.state).toBe('submitted');
    expect(reserve.body.cid).toBe(cid);
    const st = await decided(`/api/reservation/state/${cid}`);
    expect(st).toMatchObject({ state: 'accepted', orderId: expect.stringMatching(/^MR-/) });
    // 30 days (RESERVATION_DAYS) from the submission on the pinned clock, 2 March 2026.
    expect(st.reservedUntil).toBe('2026-04-01');
    expect((await call(s.url, 'GET', `/api/application/state/${cid}`)).status).toBe(404);
    const pdf = await fetch(`${s.url}/api/tenancies/${cid}/reservation.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // The Sofortzusage e-mail is queued for this application (the mail job sends it).
    const mails = await s.db.executeSql(
      'SELECT m.kind FROM mails m JOIN applications a ON a.id = m.application_id WHERE a.order_id = $1',
      [st.orderId],
    );
    expect(mails.rows.map((r) => (r as { kind: string }).kind)).toEqual(['reservation-accepted']);
    // Continuing: the load says it was reserved (the tenant step's hint), the data is kept.
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(loaded.body.data.state).toBe('not_completed_reservation');
    expect(loaded.body.data.rentalObject.rentalContract.deposit).toBe('1500');
  });

  it('answers the result pages what happens next: frequency, delivery, first debit', async () => {
    const body = { ...completeNewApiApplication(), ...(await securityFields(s.url)) };
    const r = await call(s.url, 'POST', '/api/tenancies', body);
    expect(r.body.state).toBe('submitted');
    const st = await decided(`/api/application/state/${r.body.cid}`);
    expect(st).toMatchObject({
      state: 'accepted',
      orderId: expect.stringMatching(/^MK-/),
      rate: 5.51,
      digital: true,
      paymentConditions: 12,
      deliverTo: 'digital',
      // About 14 days after the application (pinned clock: 2 March 2026).
      firstDebitDate: '2026-03-16',
      reservedUntil: null,
    });
  });

  it('asks for the captcha when it is missing, refuses a wrong or replayed one', async () => {
    const missing = await call(s.url, 'POST', '/api/tenancies', completeNewApiApplication());
    expect(missing.body.errors.captchaResponseKey.message[0]).toBe(
      'Lösen Sie die Sicherheitsaufgabe',
    );
    expect(missing.body.state).toBeUndefined();

    const sec = await securityFields(s.url);
    const forged = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      ...sec,
      captchaResponseKey: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(forged.body.errors.captchaResponseKey).toBeDefined();

    const ok = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      ...sec,
    });
    expect(ok.body.state).toBe('submitted');
    const replay = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      ...sec,
    });
    expect(replay.body.errors.captchaResponseKey).toBeDefined();
  });

  it('refuses a filled honeypot and a forged bot signature', async () => {
    const sec = await securityFields(s.url);
    const honey = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      ...sec,
      pb: 'spam',
    });
    expect(honey.body.errors.captchaResponseKey).toBeDefined();
    const forged = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      captchaResponseKey: await solveCaptcha(s.url),
      pbt: sec.pbt,
      pbk: 'x'.repeat(43),
    });
    expect(forged.body.errors.captchaResponseKey).toBeDefined();
  });

  it('accepts a bot-check token once: a second submission with it and a fresh captcha is refused', async () => {
    const sec = await securityFields(s.url);
    const first = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      ...sec,
    });
    expect(first.body.state).toBe('submitted');
    const again = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      captchaResponseKey: await solveCaptcha(s.url),
      pbt: sec.pbt,
      pbk: sec.pbk,
    });
    expect(again.body.state).toBeUndefined();
    expect(again.body.errors.captchaResponseKey).toBeDefined();
  });

  it('creates exactly one contract from concurrent final submissions of one cid', async () => {
    const app = completeNewApiApplication();
    const start = await call(s.url, 'POST', '/api/tenancies?step=payment', {
      ...app,
      ...(await securityFields(s.url)),
    });
    expect(start.body.errors).toEqual({});
    const cid = start.body.cid;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=check`, app),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(5);
    const rows = await s.db.executeSql(
      'SELECT count(*)::int AS n FROM applications WHERE order_state IS NOT NULL AND submitted_at IS NOT NULL',
    );
    expect(Number(rows.rows[0]?.n)).toBeGreaterThanOrEqual(1);
  });
});

describe('status and rates (pglite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine: 'pglite', clock: fixedClock(testNow) });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers rates for every frequency, cacheable', async () => {
    const r = await call(s.url, 'GET', '/api/rates?sum=1500&payment=12&product_selection=standard');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(r.body['1']).toEqual({
      rate_per_payment: 63,
      rate_per_year: 63,
      i18n_noun: 'Jahr',
      i18n_adverb: 'jährlich',
      rate_per_year_factor: 1,
    });
    expect(r.body['12'].rate_per_payment).toBe(5.51);
    expect(r.body['12'].i18n_adverb).toBe('monatlich');
    const bad = await call(s.url, 'GET', '/api/rates?sum=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('invalid_sum');
  });

  it('a draft has no order state yet (409 not_submitted); 404 for unknown cids and the wrong kind', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '1000', isExisting: 'false' } },
    });
    const st = await call(s.url, 'GET', `/api/application/state/${c.body.cid}`);
    // The spec's order states begin with the submission (issue 27).
    expect(st.status).toBe(409);
    expect(st.body.errors).toEqual([{ code: 'not_submitted', message: apiMessages.notSubmitted }]);
    expect((await call(s.url, 'GET', `/api/reservation/state/${c.body.cid}`)).status).toBe(404);
    expect((await call(s.url, 'GET', '/api/application/state/nope')).status).toBe(404);
  });
});
