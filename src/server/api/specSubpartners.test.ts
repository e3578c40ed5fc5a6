import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { hashCid } from '../services/cid';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Spec §7: "PUT tenancy_steps_reconfigured/save_uce_values or /api/subpartners | body partner_code
// plus tenancy_retail[key] values | JSON cid, errors, skip_to".
describe.each(engines)('spec §7 PUT /api/subpartners with body partner_code on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine, clock: fixedClock(testNow) });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('new API: PUT, form body partner_code plus subPartnerCode, answers cid, errors, skip_to', async () => {
    const r = await call(
      s.url,
      'PUT',
      '/api/subpartners',
      { partner_code: 'IMMO1', subPartnerCode: 'B-BERLIN' },
      { form: true },
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['cid', 'errors', 'skip_to']);
    expect(r.body.errors).toEqual({});
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${r.body.cid}`);
    expect(loaded.body.data).toMatchObject({ partnerCode: 'IMMO1', subPartnerCode: 'B-BERLIN' });
  });

  it('new API: PUT, JSON body, to an existing cid; an unknown sub-partner is a field error', async () => {
    const draft = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    const cid: string = draft.body.cid;
    const bad = await call(s.url, 'PUT', `/api/subpartners?cid=${cid}`, {
      partner_code: 'IMMO1',
      subPartnerCode: 'NOPE',
    });
    expect(bad.body.cid).toBe(cid);
    expect(Object.keys(bad.body.errors)).toEqual(['subPartnerCode']);
    const ok = await call(s.url, 'PUT', `/api/subpartners?cid=${cid}`, {
      partner_code: 'IMMO1',
      subPartnerCode: 'B-HAMBURG',
    });
    expect(ok.body).toEqual({ cid, errors: {}, skip_to: null });
    const unknown = await call(s.url, 'PUT', '/api/subpartners', { partner_code: 'NOPE' });
    expect(Object.keys(unknown.body.errors)).toEqual(['partnerCode']);
  });

  it('old API: PUT save_uce_values, body partner_code plus tenancy_retail values, same answer', async () => {
    const r = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/save_uce_values',
      'partner_code=IMMO1&tenancy_retail%5Buce%5D%5BsubPartnerCode%5D=B-MUENCHEN',
      { form: true },
    );
    expect(Object.keys(r.body).sort()).toEqual(['cid', 'errors', 'skip_to']);
    expect(r.body.errors).toEqual({});
  });

  // Spec §7 "POST checkout step endpoint | cid, partnerCode, subPartnerCode, product (page-global
  // product selection), step 'uce' | not read".
  it('checkout step endpoint: form body cid, partnerCode, subPartnerCode, product, step uce', async () => {
    const draft = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start&reconf_to=json',
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=900',
      { form: true },
    );
    const cid: string = draft.body.cid;
    const r = await call(
      s.url,
      'POST',
      '/api/checkout/step',
      { cid, partnerCode: 'IMMO1', subPartnerCode: 'B-BERLIN', product: 'komfort', step: 'uce' },
      { form: true },
    );
    expect(r.body).toEqual({ cid, errors: {}, skip_to: null });
    const row = await s.db.executeSql(
      `SELECT a.partner_code, a.sub_partner_code, p.product_selection FROM applications a
       LEFT JOIN application_products p ON p.application_id = a.id WHERE a.cid_hash = $1`,
      [hashCid(cid)],
    );
    expect(row.rows).toEqual([
      { partner_code: 'IMMO1', sub_partner_code: 'B-BERLIN', product_selection: 'komfort' },
    ]);
    const other = await call(s.url, 'POST', '/api/checkout/step', { cid, step: 'start' });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].code).toBe('invalid_step');
  });
});
