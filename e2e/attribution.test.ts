import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { applications, decisions } from '../src/server/db/schema/index';
import { hashCid } from '../src/server/services/cid';
import { fieldErrorMessages } from '../src/domain/messages/errors';
import { ui } from '../src/domain/messages/ui';
import { useBrowserApp } from './support/harness';
import type { AppPage } from './support/page';
import { runJourney, submitButton } from './support/scenario';
import { partnerCodeOnlyToContract, partnerLinkToContract } from './journeys';

// Issue 10, attribution (ADR 0700, 0701): partner links end in accepted contracts whose stored
// record, load call and state call carry the codes; unknown codes are shown, never dropped.
describe('partner attribution in the browser', () => {
  const harness = useBrowserApp();

  const applicationRow = async (cid: string) =>
    (
      await harness.server.db.orm
        .select()
        .from(applications)
        .where(eq(applications.cidHash, hashCid(cid)))
    )[0];
  const api = async (app: AppPage, path: string) => {
    const r = await app.page.request.get(path);
    return { status: r.status(), body: await r.json() };
  };

  /** Runs a journey; on /check (before submitting) the load call must carry the codes. */
  const journeyWithCodes = async (
    journey: typeof partnerLinkToContract,
    codes: { partnerCode: string; subPartnerCode: string },
  ) => {
    const { context, app } = await harness.open();
    let loaded: unknown;
    await runJourney(app, journey, {
      beforeLeave: async (at) => {
        if (at === '/check')
          loaded = (await api(app, `/api/tenancies?cid=${app.query('cid')}`)).body.data;
      },
    });
    expect(app.query('is_accepted')).toBe('true');
    expect(loaded).toMatchObject(codes);
    const cid = app.query('cid')!;
    const state = await api(app, `/api/application/state/${cid}`);
    expect(state.body).toMatchObject({ state: 'accepted', ...codes });
    const row = await applicationRow(cid);
    expect(row).toMatchObject({ orderState: 'accepted', ...codes });
    const decision = (
      await harness.server.db.orm
        .select()
        .from(decisions)
        .where(eq(decisions.applicationId, row!.id))
    )[0];
    expect(decision).toMatchObject({ outcome: 'accepted', ...codes });
    await context.close();
    return app;
  };

  test(
    partnerLinkToContract.name,
    async () => {
      await journeyWithCodes(partnerLinkToContract, {
        partnerCode: 'IMMO1',
        subPartnerCode: 'B-BERLIN',
      });
    },
    180_000,
  );

  test(
    partnerCodeOnlyToContract.name,
    async () => {
      await journeyWithCodes(partnerCodeOnlyToContract, {
        partnerCode: 'IMMO1',
        subPartnerCode: 'B-HAMBURG',
      });
    },
    180_000,
  );

  test('/uce with both codes saves them and advances by itself; the deposit is asked next', async () => {
    const { context, app } = await harness.open();
    await app.goto('/uce?vm_id=IMMO1&uvm_id=B-BERLIN');
    await app.waitForPath('/uce');
    // Nobody presses anything: after 100 ms the step saves and moves on.
    await app.waitForPath('/start');
    const cid = app.query('cid');
    expect(cid).toBeTruthy();
    expect(await applicationRow(cid!)).toMatchObject({
      partnerCode: 'IMMO1',
      subPartnerCode: 'B-BERLIN',
    });
    await app.fill('objective.deposit', '1500');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).click();
    // uce is done: the next step is the tenant, and back leads to the start.
    await app.waitForPath('/tenant');
    await app.clickButton('Zurück zum Start');
    await app.waitForPath('/start');
    await context.close();
  }, 60_000);

  test('prefill_data carries a partner code; vm_id in the same link wins over it', async () => {
    const prefill = encodeURIComponent(
      JSON.stringify({ billing: { partner_code: 'PORTAL' }, apartment: { sum: '1500' } }),
    );
    for (const [link, expected] of [
      [`/start?prefill_data=${prefill}`, 'PORTAL'],
      [`/start?vm_id=WOHNBAU&prefill_data=${prefill}`, 'WOHNBAU'],
    ] as const) {
      const { context, app } = await harness.open();
      await app.goto(link);
      await app.waitForPath('/start');
      expect(await app.value('objective.deposit')).toBe('1500');
      await app.choose('objective.target', 'newContract');
      await submitButton(app).click();
      await app.waitForPath('/uce');
      expect((await applicationRow(app.query('cid')!))?.partnerCode).toBe(expected);
      await context.close();
    }
  }, 60_000);

  test('an unknown partner code from the link gets a visible notice with its field', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start?vm_id=IMMO2');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1500');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).click();
    const notice = page.getByRole('region', { name: ui.attribution.title });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(ui.attribution.text);
    expect(await app.fieldError('billing.partner_code')).toBe(
      fieldErrorMessages['billing.partner_code']!.unknownPartner,
    );
    expect(await app.value('billing.partner_code')).toBe('IMMO2');
    expect(app.path()).toBe('/start');
    await app.expectAccessible();
    // The tenant corrects the code; it is stored and the flow goes on.
    await app.fill('billing.partner_code', 'IMMO1');
    await submitButton(app).click();
    await app.waitForPath('/uce');
    const cid = app.query('cid')!;
    expect((await applicationRow(cid))?.partnerCode).toBe('IMMO1');
    await context.close();
  }, 60_000);

  test('an unknown sub-partner code from the link can be deleted from the notice', async () => {
    const { context, page, app } = await harness.open();
    await app.goto('/start?vm_id=IMMO1&uvm_id=B-KOELN');
    await app.waitForPath('/start');
    await app.fill('objective.deposit', '1500');
    await app.choose('objective.target', 'newContract');
    await submitButton(app).click();
    await page.getByRole('region', { name: ui.attribution.title }).waitFor();
    expect(await app.fieldError('uce.subPartnerCode')).toBe(
      fieldErrorMessages['uce.subPartnerCode']!.unknownSubPartner,
    );
    // The error summary names it too and links to the field.
    expect(await page.locator('.error-summary').innerText()).toContain(
      fieldErrorMessages['uce.subPartnerCode']!.unknownSubPartner,
    );
    await app.expectAccessible();
    await app.fill('uce.subPartnerCode', '');
    await submitButton(app).click();
    await app.waitForPath('/tenant');
    const row = await applicationRow(app.query('cid')!);
    expect(row).toMatchObject({ partnerCode: 'IMMO1', subPartnerCode: null });
    await context.close();
  }, 60_000);
});
