import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Spec §3 "landlord: formOfAddress (m, f, company), landlordName, ..." and §5 "Required-field
// messages exist for: ... landlord name": asked for a company landlord (ADR 0833).
describe.each(engines)('spec §3 landlordName of a company landlord on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine, clock: fixedClock(testNow) });
  });
  afterAll(async () => {
    await s?.close();
  });
  const message = 'Bitte geben Sie den Namen des Vermieters an.';
  const landlord = { street: 'Hauptstraße', streetNumber: '1', zip: '10117', city: 'Berlin' };

  it('new API: required for a company (landlord[fullName]), not asked of a person', async () => {
    const company = await call(s.url, 'POST', '/api/tenancies?step=landlord', {
      landlord: { gender: 'company', companyName: 'Wohnbau GmbH', address: landlord },
    });
    expect(company.body.errors['landlord[fullName]'].message).toEqual([message]);
    const named = await call(
      s.url,
      'PATCH',
      `/api/tenancies?cid=${company.body.cid}&step=landlord`,
      {
        landlord: { gender: 'company', fullName: 'Petra Verwalterin' },
      },
    );
    expect(named.body.errors['landlord[fullName]']).toBeUndefined();
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${company.body.cid}`);
    expect(loaded.body.data.landlord.fullName).toBe('Petra Verwalterin');
    const person = await call(s.url, 'POST', '/api/tenancies?step=landlord', {
      landlord: { gender: 'female', firstName: 'Erika', name: 'Vermieter', address: landlord },
    });
    expect(person.body.errors['landlord[fullName]']).toBeUndefined();
  });

  it('old API: required for a company (tenancy_retail[landlord][landlordName])', async () => {
    const r = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=landlord&reconf_to=json',
      new URLSearchParams({
        'tenancy_retail[landlord][formOfAddress]': 'company',
        'tenancy_retail[landlord][companyName]': 'Wohnbau GmbH',
      }).toString(),
      { form: true },
    );
    expect(r.body.errors['tenancy_retail[landlord][landlordName]'].message).toEqual([message]);
  });
});
