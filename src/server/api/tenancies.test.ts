import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

describe.each(engines)('new API tenancies on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    s = await startTestServer({ engine, clock });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('creates on POST, answers a 128+ bit cid, loads, then updates on PATCH', async () => {
    const created = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
      digitalGuarantee: 'true',
    });
    expect(created.status).toBe(200);
    expect(created.body.errors).toEqual({});
    expect(created.body.skip_to).toBeNull();
    const cid: string = created.body.cid;
    expect(Buffer.from(cid, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(created.headers.get('cache-control')).toBe('no-store');

    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data.rentalObject.rentalContract).toMatchObject({
      deposit: '1500',
      isExisting: 'false',
    });

    const updated = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, {
      rentalObject: { rentalContract: { deposit: '2500.50', isExisting: 'true' } },
    });
    expect(updated.body).toEqual({ cid, errors: {}, skip_to: null });
    const again = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(again.body.data.rentalObject.rentalContract).toMatchObject({
      deposit: '2500.5',
      isExisting: 'true',
    });
  });

  it.each([
    ['100', 'rentalObject[rentalContract][deposit]', 'Mindest'],
    [
      '60000',
      'rentalObject[rentalContract][deposit]',
      'ist zu hoch. Erteilung einer Bürgschaft in dieser Höhe nicht möglich. Maximalhöhe: 50.000 €.',
    ],
  ])(
    'refuses deposit %s with the spec message (form-urlencoded bracket keys)',
    async (deposit, key, text) => {
      const r = await call(
        s.url,
        'POST',
        '/api/tenancies?step=start',
        `${encodeURIComponent(key)}=${deposit}&rentalObject%5BrentalContract%5D%5BisExisting%5D=false`,
        { form: true },
      );
      expect(r.status).toBe(200);
      expect(r.body.cid).toEqual(expect.any(String));
      const err = r.body.errors[key];
      expect(err.message.join(' ')).toContain(text);
      expect(err.value).toBe(Number(deposit));
    },
  );

  it('reports required fields of the step that were not sent', async () => {
    const r = await call(s.url, 'POST', '/api/tenancies?step=start', {});
    expect(Object.keys(r.body.errors)).toEqual(
      expect.arrayContaining([
        'rentalObject[rentalContract][deposit]',
        'rentalObject[rentalContract][isExisting]',
      ]),
    );
  });

  it.each(['', 'nope', 'AAAAAAAAAAAAAAAAAAAAAAAA'])(
    'answers 404 unknown for cid %j',
    async (cid) => {
      const r = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
      expect(r.status).toBe(404);
      expect(r.body.errors[0].code).toBe('unknown');
      expect(r.body.errors[0].message).toContain('unbekannter Fehler');
      const p = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, {});
      expect(p.status).toBe(404);
    },
  );

  it('answers days_to_keep_data_exceeded once the last change is older than 30 days', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
    });
    clock.advance(31 * 86_400_000);
    try {
      const r = await call(s.url, 'GET', `/api/tenancies?cid=${c.body.cid}`);
      expect(r.status).toBe(410);
      expect(r.body.errors[0].code).toBe('days_to_keep_data_exceeded');
      expect(r.body.errors[0].message).toContain('Datenschutz');
      const p = await call(s.url, 'PATCH', `/api/tenancies?cid=${c.body.cid}&step=start`, {});
      expect(p.body.errors[0].code).toBe('days_to_keep_data_exceeded');
    } finally {
      clock.advance(-31 * 86_400_000);
    }
  });

  it('answers reservation_expired and already_submitted for processed reservations', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start&reservation=1', {
      rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } },
    });
    const setState = (state: string, daysAgo: number) =>
      s.db.executeSql(
        'UPDATE applications SET order_state = $1, submitted_at = $2 WHERE kind = $3',
        [state, new Date(clock.now().getTime() - daysAgo * 86_400_000), 'reservation'],
      );
    await setState('accepted', 31);
    const expired = await call(s.url, 'GET', `/api/tenancies?cid=${c.body.cid}`);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0]).toEqual({
      code: 'reservation_expired',
      message: 'Leider ist Ihre Reservierung abgelaufen. Sie müssen eine neuen Antrag starten.',
    });
    await setState('declined', 1);
    const done = await call(s.url, 'GET', `/api/tenancies?cid=${c.body.cid}`);
    expect(done.status).toBe(409);
    expect(done.body.errors[0].message).toBe(
      'Ihr Antrag wurde bereits verarbeitet, bitte prüfen Sie Ihren Email Posteingang.',
    );
    await setState('accepted', 1);
    expect((await call(s.url, 'GET', `/api/tenancies?cid=${c.body.cid}`)).status).toBe(200);
  });

  it('answers 400 for an unknown step', async () => {
    const r = await call(s.url, 'POST', '/api/tenancies?step=bogus', {});
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('invalid_step');
  });

  it('serves the app configuration and the German catalogue', async () => {
    const c = await call(s.url, 'GET', '/api/config');
    expect(c.body).toMatchObject({
      apiGeneration: 'new',
      reconfigured: false,
      reservationGlobal: false,
    });
    expect(c.body.stepList[0]).toBe('start');
    const l = await call(s.url, 'GET', '/locales/de.json');
    expect(l.body.errors.keys.reservation_expired).toContain('Reservierung abgelaufen');
  });
});
