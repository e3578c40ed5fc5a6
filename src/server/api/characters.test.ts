import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

/**
 * Issue 15 item 8: NUL, lone surrogates, control and bidi characters answer 400 with the German
 * message on the field; over-long values are never stored. The rest of the save is stored.
 */
const charMessage =
  'Die Eingabe enthält unzulässige Zeichen (z. B. Steuer- oder Richtungszeichen). Bitte entfernen Sie diese.';
const bad: [string, string][] = [
  ['NUL', 'Ma\u0000x'],
  ['lone high surrogate', 'Max\uD800'],
  ['lone low surrogate', '\uDC00Max'],
  ['right-to-left override', 'Max\u202Etxt.exe'],
  ['isolate', '\u2067Max\u2069'],
  ['CR/LF', 'Max\r\nBcc: victim@example.org'],
  ['bell', 'Max\u0007'],
  ['C1 control', 'Max\u0085'],
];

describe.each(engines)('forbidden characters and over-long values on %s', (engine) => {
  let s: TestServer;
  let cid: string;
  beforeAll(async () => {
    s = await startTestServer({ engine, clock: fixedClock(testNow) });
    const r = await call(s.url, 'POST', '/api/tenancies?step=tenant', {
      tenant: { firstName: 'Max', name: 'Mustermann' },
    });
    cid = r.body.cid;
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(bad)(
    '%s in a name: 400 on the field, the old value kept, the rest stored',
    async (_, value) => {
      const r = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=tenant`, {
        tenant: { firstName: value, name: `Neu${_.length}` },
      });
      expect(r.status).toBe(400);
      expect(r.body.cid).toBe(cid);
      const entry = Object.entries(r.body.errors as Record<string, { message: string[] }>).find(
        ([k]) => /firstName/.test(k),
      );
      expect(entry?.[1].message).toEqual([charMessage]);
      const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
      expect(loaded.body.data.firstTenant.firstName).toBe('Max');
      expect(loaded.body.data.firstTenant.name).toBe(`Neu${_.length}`);
    },
  );

  it('keeps line breaks in the multi-line damage description', async () => {
    const r = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=object`, {
      rentalObject: { predamage: { exists: 'true', detail: 'Kratzer\r\nim Flur' } },
    });
    expect(r.status).toBe(200);
  });

  it('never stores an over-long value, even of a field of another step', async () => {
    const long = 'A'.repeat(90_000);
    const r = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=tenant`, {
      tenant: { firstName: 'Moritz', name: 'Mustermann' },
      landlord: { name: long },
    });
    expect(r.status).toBe(400);
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(loaded.body.data.firstTenant.firstName).toBe('Moritz');
    expect(JSON.stringify(loaded.body)).not.toContain('AAAAAAAAAA');
    const tooLong = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=tenant`, {
      tenant: { firstName: 'M'.repeat(31), name: 'Mustermann' },
    });
    expect(tooLong.status).toBe(400);
    const entry = Object.entries(tooLong.body.errors as Record<string, { message: string[] }>).find(
      ([k]) => /firstName/.test(k),
    );
    expect(entry?.[1].message).toEqual(['Dieses Feld darf nicht mehr als 30 Zeichen enthalten']);
  });

  it('refuses NUL on the old API and in a one-call submission as well', async () => {
    const old = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=tenant',
      'tenancy_retail%5BfirstTenant%5D%5BfirstName%5D=Ma%00x',
      { form: true },
    );
    expect(old.status).toBe(400);
    const one = await call(s.url, 'POST', '/api/tenancies', {
      tenant: { firstName: '\u0000', name: '\uD800' },
    });
    expect(one.status).toBe(400);
    expect(one.body.state).toBeUndefined();
  });
});
