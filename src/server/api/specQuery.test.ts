import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { hashCid } from '../services/cid';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Spec §7 table: the save's query "cid, step, product_selection, reconf_to"; the rates call's
// "sum, payment, product_selection". The server honours them (ADR 0831).
describe.each(engines)('spec §7 query parameters of the calls on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine, clock: fixedClock(testNow) });
  });
  afterAll(async () => {
    await s?.close();
  });

  const productOf = async (cid: string) =>
    (
      await s.db.executeSql(
        `SELECT p.product_selection FROM application_products p
         JOIN applications a ON a.id = p.application_id WHERE a.cid_hash = $1`,
        [hashCid(cid)],
      )
    ).rows.map((r) => r.product_selection);
  const start = 'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=900';

  it('new API save: product_selection is kept for the application it creates, the first one wins', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start&product_selection=komfort', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    expect(c.body.errors).toEqual({});
    expect(await productOf(c.body.cid)).toEqual(['komfort']);
    await call(s.url, 'PATCH', `/api/tenancies?cid=${c.body.cid}&step=start&product_selection=x`, {
      rentalObject: { rentalContract: { deposit: '950' } },
    });
    expect(await productOf(c.body.cid)).toEqual(['komfort']);
    const none = await call(s.url, 'POST', '/api/tenancies?step=start&product_selection=', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    expect(await productOf(none.body.cid)).toEqual([]);
  });

  it('old API save: product_selection kept, reconf_to=json accepted, another format refused', async () => {
    const c = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start&product_selection=basis&reconf_to=json',
      start,
      { form: true },
    );
    expect(c.status).toBe(200);
    expect(await productOf(c.body.cid)).toEqual(['basis']);
    const bad = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start&reconf_to=xml',
      start,
      { form: true },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({
      code: 'invalid_reconf_to',
      message: 'Unbekanntes Antwortformat (reconf_to). Erlaubt: json.',
    });
    const load = await call(
      s.url,
      'GET',
      `/tenancy_steps_reconfigured/cid_to_json?cid=${c.body.cid}&reconf_to=json`,
    );
    expect(load.status).toBe(200);
  });

  it('rates, both generations: sum, payment and product_selection; an unknown payment is refused', async () => {
    const n = await call(s.url, 'GET', '/api/rates?sum=1500&payment=12&product_selection=komfort');
    expect(n.status).toBe(200);
    expect(n.body['12'].rate_per_payment).toBe(5.51);
    const words = await call(
      s.url,
      'GET',
      '/api/rates?sum=1500&payment=monthly&product_selection=',
    );
    expect(words.body).toEqual(n.body);
    const o = await call(
      s.url,
      'GET',
      '/ajax::tenancy_logic/rates?sum=1.500,00&payment=4&product_selection=komfort',
    );
    expect(o.body).toEqual(n.body);
    for (const path of ['/api/rates', '/ajax::tenancy_logic/rates']) {
      const bad = await call(s.url, 'GET', `${path}?sum=1500&payment=3&product_selection=`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].code).toBe('invalid_payment');
    }
  });

  it('rates: a checked query is kept per query text, each query answered as its own', async () => {
    // Plain query texts key the kept values (ADR 1451); escaped ones are parsed by qs and walked.
    const sums = ['1000', '1500', '1000', '1500'];
    const answers = [];
    for (const sum of sums) {
      const r = await call(s.url, 'GET', `/api/rates?sum=${sum}&payment=12`);
      expect(r.status).toBe(200);
      answers.push(r.body);
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[3]);
    expect(answers[0]).not.toEqual(answers[1]);
    const escaped = await call(s.url, 'GET', '/api/rates?sum=%31500&payment=12');
    expect(escaped.body).toEqual(answers[1]);
    for (let i = 0; i < 2; i++) {
      const bad = await call(s.url, 'GET', '/api/rates?sum=1500&payment=3');
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].code).toBe('invalid_payment');
    }
  });
});
