import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { poll } from '../processing/testing/http';

// DECISIONS.md, check step: "the SEPA direct-debit mandate text with creditor identifier and
// mandate reference" - named before the contract number exists, the same reference the contract's
// debits carry (ADR 0832).
describe.each(engines)('check step mandate reference on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock: fixedClock(testNow),
      processing: true,
      env: { SEPA_CREDITOR_ID: 'DE02ZZZ01234567890' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names creditor id and reference for a draft of either generation; unknown cid 404', async () => {
    const old = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start&reconf_to=json',
      'tenancy_retail%5Bobjective%5D%5Bdeposit%5D=900',
      { form: true },
    );
    const a = await call(s.url, 'GET', `/api/mandate?cid=${old.body.cid}`);
    expect(a.status).toBe(200);
    expect(a.body.creditorId).toBe('DE02ZZZ01234567890');
    expect(a.body.mandateReference).toMatch(/^MK(-[A-Z2-7]{4}){6}-[A-Z2-7]{2}$/);
    // The same every time it is asked; another application has another one.
    expect((await call(s.url, 'GET', `/api/mandate?cid=${old.body.cid}`)).body).toEqual(a.body);
    const other = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '900', isExisting: 'false' } },
    });
    const b = await call(s.url, 'GET', `/api/mandate?cid=${other.body.cid}`);
    expect(b.body.mandateReference).not.toBe(a.body.mandateReference);
    const unknown = await call(s.url, 'GET', '/api/mandate?cid=AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
  });

  it('the accepted contract debits under the reference the check step named', async () => {
    const draft = await call(
      s.url,
      'POST',
      '/api/tenancies?step=selling',
      completeNewApiApplication(),
    );
    const cid: string = draft.body.cid;
    const named = (await call(s.url, 'GET', `/api/mandate?cid=${cid}`)).body.mandateReference;
    const final = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}`, {
      ...completeNewApiApplication(),
      ...(await securityFields(s.url)),
    });
    expect(final.body.state).toBe('submitted');
    expect((await poll(s, cid)).state).toBe('accepted');
    const stored = await s.db.executeSql(
      `SELECT c.mandate_reference FROM contracts c
       JOIN applications a ON a.id = c.application_id WHERE a.order_id IS NOT NULL`,
      [],
    );
    expect(stored.rows.map((r) => r.mandate_reference)).toEqual([named]);
  });
});
