import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { applications, decisions } from '../db/schema/index';
import { hashCid } from '../services/cid';
import { fieldMessage } from '../services/rulebook';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

const start = { rentalObject: { rentalContract: { deposit: '1500', isExisting: 'false' } } };
const unknownPartner = fieldMessage('billing.partner_code', 'unknownPartner');
const unknownSub = fieldMessage('uce.subPartnerCode', 'unknownSubPartner');

// Partner attribution (issue 10, ADR 0700): codes from the link, prefill, field or API are checked,
// stored, kept through later saves, returned by the load and state calls and copied to the decision.
describe.each(engines)('partner attribution on %s', (engine) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine, clock: fixedClock(testNow), processing: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  const row = async (cid: string) =>
    (
      await s.db.orm
        .select()
        .from(applications)
        .where(eq(applications.cidHash, hashCid(cid)))
    )[0]!;
  const load = async (cid: string) => (await call(s.url, 'GET', `/api/tenancies?cid=${cid}`)).body;
  const state = async (cid: string) =>
    (await call(s.url, 'GET', `/api/application/state/${cid}`)).body;

  it('stores both codes from the first save and keeps them through saves that lack them', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      ...start,
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
    });
    expect(c.body.errors).toEqual({});
    const cid: string = c.body.cid;
    // The tenant step shows the partner field in principle; it is hidden now and not sent.
    const t = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=tenant`, {
      tenant: completeNewApiApplication().tenant,
    });
    expect(t.body.errors).toEqual({});
    await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=uce`, {});
    await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=payment`, {
      postalDestination: 'digital',
    });
    expect(await row(cid)).toMatchObject({ partnerCode: 'IMMO1', subPartnerCode: 'B-BERLIN' });
    expect((await load(cid)).data).toMatchObject({
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
      hidePartnerCode: 'true',
    });
    // A draft has no order state (issue 27): the codes show once it is submitted (below).
    expect(await state(cid)).toMatchObject({ errors: [{ code: 'not_submitted' }] });
  });

  it('the reservation of a partner keeps its code; its state call waits for the submission', async () => {
    const r = await call(s.url, 'POST', '/api/tenancies?step=start&reservation=1', {
      ...start,
      partnerCode: 'PORTAL',
    });
    expect(r.body.errors).toEqual({});
    expect(await row(r.body.cid)).toMatchObject({ partnerCode: 'PORTAL', subPartnerCode: null });
    const st = await call(s.url, 'GET', `/api/reservation/state/${r.body.cid}`);
    expect(st.status).toBe(409);
  });

  it('old API: json_to_cid stores the codes, cid_to_json returns them, a later save keeps them', async () => {
    const first = await call(
      s.url,
      'PUT',
      '/tenancy_steps_reconfigured/json_to_cid?step=start',
      new URLSearchParams({
        'tenancy_retail[objective][deposit]': '1.500,00',
        'tenancy_retail[objective][target]': 'newContract',
        'tenancy_retail[billing][partner_code]': 'WOHNBAU',
        'tenancy_retail[uce][subPartnerCode]': 'WB-NORD',
      }).toString(),
      { form: true },
    );
    expect(first.body.errors).toEqual({});
    const cid: string = first.body.cid;
    await call(
      s.url,
      'PUT',
      `/tenancy_steps_reconfigured/json_to_cid?cid=${cid}&step=tenant`,
      'tenancy_retail[firstTenant][lastName]=Mustermann',
      { form: true },
    );
    const loaded = await call(s.url, 'GET', `/tenancy_steps_reconfigured/cid_to_json?cid=${cid}`);
    expect(loaded.body.tenancy_retail).toMatchObject({
      billing: { partner_code: 'WOHNBAU', hide_partner_code: '1' },
      uce: { subPartnerCode: 'WB-NORD' },
    });
    expect(await row(cid)).toMatchObject({ partnerCode: 'WOHNBAU', subPartnerCode: 'WB-NORD' });
  });

  it('an unknown partner code gets the German message, is kept as typed but never attributed', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      ...start,
      partnerCode: 'IMMO2',
    });
    expect(c.body.errors.partnerCode).toMatchObject({ message: [unknownPartner], value: 'IMMO2' });
    expect(unknownPartner).toMatch(/^Diesen Partnercode kennen wir nicht\./);
    const cid: string = c.body.cid;
    expect((await row(cid)).partnerCode).toBeNull();
    expect((await load(cid)).data.partnerCode).toBe('IMMO2');
    // Every later save repeats the message until the tenant corrects the code ...
    const again = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, start);
    expect(again.body.errors.partnerCode.message).toEqual([unknownPartner]);
    const fixed = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, {
      ...start,
      partnerCode: 'IMMO1',
    });
    expect(fixed.body.errors).toEqual({});
    expect((await row(cid)).partnerCode).toBe('IMMO1');
  });

  it('... or deletes it: a code sent empty clears it', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      ...start,
      partnerCode: 'NOPE',
    });
    const cleared = await call(s.url, 'PATCH', `/api/tenancies?cid=${c.body.cid}&step=start`, {
      ...start,
      partnerCode: '',
    });
    expect(cleared.body.errors).toEqual({});
    expect((await load(c.body.cid)).data.partnerCode).toBeUndefined();
  });

  it('sub-partner codes: unknown for the partner, unknown anywhere, or found by their own', async () => {
    const bad = await call(s.url, 'POST', '/api/tenancies?step=uce', {
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-KOELN',
    });
    expect(bad.body.errors).toMatchObject({
      subPartnerCode: { message: [unknownSub], value: 'B-KOELN' },
    });
    expect((await row(bad.body.cid)).partnerCode).toBe('IMMO1');
    expect((await row(bad.body.cid)).subPartnerCode).toBeNull();
    const nowhere = await call(s.url, 'POST', '/api/tenancies?step=uce', {
      subPartnerCode: 'X-1',
    });
    expect(nowhere.body.errors.subPartnerCode.message).toEqual([unknownSub]);
    // Typed on /uce without a partner link: exactly one partner has this branch code.
    const alone = await call(s.url, 'POST', '/api/tenancies?step=uce', {
      subPartnerCode: 'B-HAMBURG',
    });
    expect(alone.body.errors).toEqual({});
    expect(await row(alone.body.cid)).toMatchObject({
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-HAMBURG',
    });
  });

  it('a known code is final: another one is refused with a message, the first stays', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      ...start,
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
    });
    const other = await call(s.url, 'PATCH', `/api/tenancies?cid=${c.body.cid}&step=uce`, {
      partnerCode: 'PORTAL',
      subPartnerCode: 'B-HAMBURG',
    });
    expect(other.body.errors).toMatchObject({
      partnerCode: {
        message: [fieldMessage('billing.partner_code', 'partnerLocked')],
        value: 'IMMO1',
      },
      subPartnerCode: {
        message: [fieldMessage('uce.subPartnerCode', 'partnerLocked')],
        value: 'B-BERLIN',
      },
    });
    expect(await row(c.body.cid)).toMatchObject({
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
    });
  });

  it('a whole application in one call: unknown code refused; known codes reach the decision', async () => {
    const refused = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      partnerCode: 'IMMO9',
      ...(await securityFields(s.url)),
    });
    expect(refused.body.state).toBeUndefined();
    expect(refused.body.errors.partnerCode.message).toEqual([unknownPartner]);

    const r = await call(s.url, 'POST', '/api/tenancies', {
      ...completeNewApiApplication(),
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-MUENCHEN',
      ...(await securityFields(s.url)),
    });
    expect(r.body.errors).toEqual({});
    const cid: string = r.body.cid;
    let st = await state(cid);
    for (let i = 0; i < 90 && ['submitted', 'created'].includes(st.state); i++) {
      await new Promise((res) => setTimeout(res, 200));
      st = await state(cid);
    }
    expect(st).toMatchObject({
      state: 'accepted',
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-MUENCHEN',
    });
    const decision = (
      await s.db.orm
        .select()
        .from(decisions)
        .where(eq(decisions.applicationId, (await row(cid)).id))
    )[0];
    expect(decision).toMatchObject({
      outcome: 'accepted',
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-MUENCHEN',
    });
  });
});
