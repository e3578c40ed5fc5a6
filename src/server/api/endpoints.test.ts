import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { BankService, parseBundesbankFile } from '../services/banks';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

const blzFixture = fileURLToPath(new URL('../testing/fixtures/blz-sample.txt', import.meta.url));

/** A local geocoder answering like Photon (GeoJSON FeatureCollection). */
function startPhoton(): Promise<{ server: Server; url: string; queries: string[] }> {
  const queries: string[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    queries.push(u.searchParams.get('q') ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [13.38, 52.52] },
            properties: {
              osm_key: 'highway',
              name: 'Friedrichstraße',
              postcode: '10117',
              city: 'Berlin',
              countrycode: 'DE',
              type: 'street',
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [13.38, 52.53] },
            properties: {
              osm_key: 'highway',
              name: 'Friedrichstraße',
              postcode: '10117',
              city: 'Berlin',
              countrycode: 'DE',
              type: 'street',
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [16.3, 48.2] },
            properties: {
              name: 'Friedrichstraße',
              postcode: '1010',
              city: 'Wien',
              countrycode: 'AT',
              type: 'street',
            },
          },
        ],
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        queries,
      }),
    ),
  );
}

describe.each(engines)('API calls of both generations on %s', (engine) => {
  let s: TestServer;
  let photon: Awaited<ReturnType<typeof startPhoton>>;
  beforeAll(async () => {
    photon = await startPhoton();
    s = await startTestServer({
      engine,
      clock: fixedClock(testNow),
      env: { GEOCODER_URL: photon.url },
    });
  });
  afterAll(async () => {
    await s?.close();
    photon?.server.close();
  });

  it('old API: creates with tenancy_retail keys (decimal comma), loads, updates; unknown cid', async () => {
    const form =
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=1.234%2C50&tenancy_retail%5Bobjective%5D%5Btarget%5D=newContract';
    const c = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start&reconf_to=',
      form,
      { form: true },
    );
    expect(c.status).toBe(200);
    expect(c.body.errors).toEqual({});
    const l = await call(
      s.url,
      'GET',
      `/tenancy_steps_reconfigured/cid_to_json?cid=${c.body.cid}&reconf_to=`,
    );
    expect(l.body.tenancy_retail.objective).toMatchObject({
      deposit: '1234,5',
      target: 'newContract',
    });
    const bad = await call(
      s.url,
      'PUT',
      `/tenancy_steps_reconfigured/json_to_cid?cid=${c.body.cid}&step=start`,
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=50',
      { form: true },
    );
    expect(bad.body.errors['tenancy_retail[objective][deposit]'].message[0]).toContain('400');
    const u = await call(
      s.url,
      'GET',
      '/tenancy_steps_reconfigured/cid_to_json?cid=AAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(u.status).toBe(404);
    expect(u.body.errors[0].code).toBe('unknown');
  });

  it('old API: reservation json_to_cid creates a reservation', async () => {
    const form =
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=900&tenancy_retail%5Bobjective%5D%5Btarget%5D=newContract';
    const c = await call(
      s.url,
      'PUT',
      '/tenancy_reservation_steps_reconfigured/json_to_cid?step=start',
      form,
      { form: true },
    );
    expect(c.body.errors).toEqual({});
    const draft = await call(s.url, 'GET', `/api/reservation/state/${c.body.cid}`);
    expect(draft.status).toBe(409); // no order state before the submission (issue 27)
    expect(draft.body.errors[0].code).toBe('not_submitted');
    expect((await call(s.url, 'GET', `/api/application/state/${c.body.cid}`)).status).toBe(404);
  });

  it('old API: its own fields in nested JSON are not reported unknown (issue 27)', async () => {
    const c = await call(s.url, 'PUT', '/tenancy_steps_reconfigured/json_to_cid?step=start', {
      tenancy_retail: { objective: { deposit: '1.500,00', target: 'newContract', colour: 'x' } },
    });
    expect(c.body.errors).toEqual({});
    expect(c.body.warnings.unknownFields).toEqual(['tenancy_retail.objective.colour']);
    const again = await call(
      s.url,
      'PUT',
      `/tenancy_steps_reconfigured/json_to_cid?step=start&cid=${c.body.cid}`,
      { tenancy_retail: { objective: { deposit: '1.600,00', target: 'newContract' } } },
    );
    expect(again.body.warnings?.unknownFields).toBeUndefined();
  });

  it('new API: reservation=1 creates a reservation', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start&reservation=1', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    // a reservation (not a contract: the application path says 404), not yet submitted: 409
    expect((await call(s.url, 'GET', `/api/reservation/state/${c.body.cid}`)).status).toBe(409);
    expect((await call(s.url, 'GET', `/api/application/state/${c.body.cid}`)).status).toBe(404);
  });

  it('rates in both generations', async () => {
    const n = await call(s.url, 'GET', '/api/rates?sum=1500&payment=12&product_selection=x');
    const o = await call(s.url, 'GET', '/ajax::tenancy_logic/rates?sum=1.500,00&payment=12');
    expect(o.status).toBe(200);
    expect(o.body).toEqual(n.body);
  });

  it('partners: lookup with sub-partners, 404 unknown, both generations', async () => {
    const p = await call(s.url, 'GET', '/api/partners/IMMO1?cid=');
    expect(p.status).toBe(200);
    expect(p.body.data.map((d: { code: string }) => d.code)).toEqual([
      'B-BERLIN',
      'B-HAMBURG',
      'B-MUENCHEN',
    ]);
    expect(p.body.partner.name).toBe('Beispiel Immobilien GmbH');
    expect((await call(s.url, 'GET', '/api/partners/PORTAL')).body.data).toEqual([]);
    expect((await call(s.url, 'GET', '/api/partners/NOPE')).status).toBe(404);
    const o = await call(
      s.url,
      'GET',
      '/tenancy_steps_reconfigured/get_uce_configuration?cid=&partner_code=WOHNBAU',
    );
    // A partner hiding its code hides its sub-partners' codes too (issue 15 item 12).
    expect(o.body.data).toEqual([{ name: 'Verwaltung Nord' }]);
    expect(JSON.stringify(o.body)).not.toContain('WB-NORD');
    expect(o.body.partner.hidePartnerCode).toBe(true);
    expect(
      (await call(s.url, 'GET', '/tenancy_steps_reconfigured/get_uce_configuration?partner_code=x'))
        .status,
    ).toBe(404);
  });

  it('sub-partners: saves valid codes, refuses unknown ones (new, old and checkout-step call)', async () => {
    const ok = await call(s.url, 'POST', '/api/subpartners', {
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
    });
    expect(ok.body.errors).toEqual({});
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${ok.body.cid}`);
    expect(loaded.body.data).toMatchObject({ partnerCode: 'IMMO1', subPartnerCode: 'B-BERLIN' });
    const bad = await call(s.url, 'POST', '/api/subpartners', {
      partnerCode: 'IMMO1',
      subPartnerCode: 'X',
    });
    expect(Object.keys(bad.body.errors)).toEqual(['subPartnerCode']);
    const badPartner = await call(s.url, 'POST', '/api/subpartners', {
      partnerCode: 'NOPE',
      subPartnerCode: 'X',
    });
    expect(Object.keys(badPartner.body.errors)).toEqual(['partnerCode']);
    const old = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/save_uce_values',
      'partner_code=WOHNBAU&tenancy_retail%5Buce%5D%5BsubPartnerCode%5D=WB-NORD',
      { form: true },
    );
    expect(old.body.errors).toEqual({});
    const draft = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    const step = await call(s.url, 'POST', '/api/checkout/step', {
      cid: draft.body.cid,
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-HAMBURG',
      product: 'standard',
      step: 'uce',
    });
    expect(step.body).toEqual({ cid: draft.body.cid, errors: {}, skip_to: null });
    // Known codes are final (ADR 0700): another branch for the first application is refused.
    const other = await call(s.url, 'POST', '/api/checkout/step', {
      cid: ok.body.cid,
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-HAMBURG',
      step: 'uce',
    });
    expect(Object.keys(other.body.errors)).toEqual(['subPartnerCode']);
  });

  it('bank names: default set, 404, 400, both generations', async () => {
    const b = await call(s.url, 'GET', '/api/banknames?bankCode=10010010');
    expect(b.body.bankName).toBe('Postbank');
    expect((await call(s.url, 'GET', '/api/banknames?bankCode=00000001')).status).toBe(404);
    expect((await call(s.url, 'GET', '/api/banknames?bankCode=abc')).status).toBe(400);
    const o = await call(s.url, 'GET', '/ajax::tenancy_logic/bank_code_to_name?bank_code=10010010');
    expect(o.body.bankName).toBe('Postbank');
  });

  it('imports the Bundesbank fixed-width file, replacing the default set', async () => {
    const records = parseBundesbankFile(readFileSync(blzFixture));
    expect(records).toEqual([
      { bankCode: '10000000', name: 'Bundesbank', bic: 'MARKDEF1100' },
      { bankCode: '37040044', name: 'Commerzbank', bic: 'COBADEFFXXX' },
      { bankCode: '70150000', name: 'Stadtsparkasse München', bic: 'SSKMDEMMXXX' },
    ]);
    const banks = new BankService(s.db);
    await banks.replaceAll(records, 'bundesbank:test');
    expect(await banks.count()).toBe(3);
    expect((await call(s.url, 'GET', '/api/banknames?bankCode=70150000')).body.bankName).toBe(
      'Stadtsparkasse München',
    );
    expect((await call(s.url, 'GET', '/api/banknames?bankCode=10010010')).status).toBe(404);
    expect(() => parseBundesbankFile(Buffer.from('kurz\n'))).toThrow(/168/);
  });

  it('address help: postal code to city with attribution, streets from the geocoder', async () => {
    const c = await call(s.url, 'GET', '/api/addresses/cities?zip=10115');
    expect(c.body.data).toEqual([{ zip: '10115', city: 'Berlin' }]);
    expect(c.body.attribution).toContain('ODbL');
    expect((await call(s.url, 'GET', '/api/addresses/cities?zip=1x')).body.data).toEqual([]);
    const st = await call(s.url, 'GET', '/api/addresses/streets?q=Friedrich&zip=10117');
    expect(st.body.data).toEqual([{ street: 'Friedrichstraße', zip: '10117', city: 'Berlin' }]);
    expect(photon.queries.at(-1)).toBe('Friedrich, 10117');
  });

  it('help sidebar texts from files; 404 for unknown names', async () => {
    const h = await call(s.url, 'GET', '/onlineantrag-sidebar/objective.deposit');
    expect(h.body.title).toBe('Kautionshöhe');
    expect(h.body.paragraphs[0]).toContain('400 €');
    const html = await fetch(`${s.url}/onlineantrag-sidebar/objective.deposit?format=html`);
    expect(await html.text()).toContain('<h2>Kautionshöhe</h2>');
    expect((await call(s.url, 'GET', '/onlineantrag-sidebar/..%2Fsecret')).status).toBe(404);
  });

  it('save progress mails a resume link (both generations); bad e-mail and unknown cid refused', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '1000', isExisting: 'false' } },
    });
    const r = await call(s.url, 'POST', '/api/saveprogress', {
      cid: c.body.cid,
      step: 'start',
      email: 'mieter@example.org',
    });
    expect(r.body).toMatchObject({ errors: {}, sent: true });
    const o = await call(
      s.url,
      'POST',
      '/tenancy_steps_reconfigured/save_progress',
      `cid=${c.body.cid}&step=tenant&email=mieter%40example.org`,
      { form: true },
    );
    expect(o.body.sent).toBe(true);
    const outbox = join(s.config.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) =>
      readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, ''),
    );
    expect(mails).toHaveLength(2);
    expect(
      mails.some(
        (m) => m.includes(`/start?cid=3D${c.body.cid}`) || m.includes(`/start?cid=${c.body.cid}`),
      ),
    ).toBe(true);
    const bad = await call(s.url, 'POST', '/api/saveprogress', {
      cid: c.body.cid,
      step: 'start',
      email: 'kein-at',
    });
    expect(bad.body.errors.email.message[0]).toEqual(expect.any(String));
    expect(
      (
        await call(s.url, 'POST', '/api/saveprogress', {
          cid: 'AAAAAAAAAAAAAAAAAAAAAAAA',
          email: 'a@b.de',
        })
      ).status,
    ).toBe(404);
  });
});
