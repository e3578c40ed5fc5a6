import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { PartnerService } from '../services/partners';
import { partnerBody } from '../../domain/wire/testing/partnerBody';
import { staffWithSession } from './testing/staffSession';

// ADR 1210: partners edited, deactivated and imported (CSV) in the back office with the import's
// rules; sandbox applications never in the business queues, counts or search.
describe.each(engines)('partners administered in the back office on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  let ada: Awaited<ReturnType<typeof staffWithSession>>;
  const send = (method: string, path: string, body?: unknown) =>
    call(s.url, method, path, body, { headers: { cookie: ada.cookie, origin: s.url } });
  const audited = async (action: string) =>
    Number(
      (
        await s.db.executeSql('SELECT count(*)::int AS n FROM staff_audit WHERE action = $1', [
          action,
        ])
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    ada = await staffWithSession(s.db, { role: 'admin', name: 'Ada Admin', now: clock.now() });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('edits name and contact with the import rules; deactivates and reactivates', async () => {
    const formula = await send('PUT', '/api/staff/partners/IMMO1', { name: '=HYPERLINK("x")' });
    expect(formula.status).toBe(400);
    expect(formula.body.errors[0]).toMatchObject({ field: 'name' });
    const badMail = await send('PUT', '/api/staff/partners/IMMO1', {
      name: 'Beispiel Immobilien AG',
      contactEmail: 'keine-adresse',
    });
    expect(badMail.body.errors[0]).toMatchObject({ field: 'contactEmail' });
    const ok = await send('PUT', '/api/staff/partners/IMMO1', {
      name: 'Beispiel Immobilien AG',
      contactName: 'Petra Partner',
      contactEmail: 'Petra@Beispiel.example',
    });
    expect(ok.status).toBe(200);
    const listed = (await send('GET', '/api/staff/partners')).body.partners.find(
      (p: { code: string }) => p.code === 'IMMO1',
    );
    expect(listed).toMatchObject({
      name: 'Beispiel Immobilien AG',
      contactName: 'Petra Partner',
      contactEmail: 'petra@beispiel.example',
      active: true,
    });
    expect((await send('PUT', '/api/staff/partners/NOPE', { name: 'X' })).status).toBe(404);

    const partnersOf = new PartnerService(s.db);
    expect((await send('POST', '/api/staff/partners/IMMO1/deactivate')).body.active).toBe(false);
    // A deactivated partner's links attribute nothing any more
    expect(await partnersOf.find('IMMO1')).toBeUndefined();
    expect((await send('POST', '/api/staff/partners/IMMO1/reactivate')).body.active).toBe(true);
    expect((await partnersOf.find('IMMO1'))?.name).toBe('Beispiel Immobilien AG');
    expect(await audited('partner.update')).toBe(1);
    expect(await audited('partner.deactivate')).toBe(1);
    expect(await audited('partner.reactivate')).toBe(1);
    // Staff without the admin role may not
    const anna = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Anna Amt',
      now: clock.now(),
    });
    const refused = await call(
      s.url,
      'POST',
      '/api/staff/partners/IMMO1/deactivate',
      {},
      {
        headers: { cookie: anna.cookie, origin: s.url },
      },
    );
    expect(refused.status).toBe(403);
  });

  it('imports a CSV as the command does; a bad line imports nothing', async () => {
    const header = 'partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code';
    const bad = await send('POST', '/api/staff/partners/import', {
      csv: `${header}\nNEU1,Neue Hausverwaltung,,,false\nNEU2,@SUMME(A1),,,false\n`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/^Zeile 3: .*Nichts importiert\.$/);
    expect(await new PartnerService(s.db).find('NEU1')).toBeUndefined();
    const good = await send('POST', '/api/staff/partners/import', {
      csv: `${header}\nNEU1,Neue Hausverwaltung,,,false\nNEU1,Neue Hausverwaltung,F1,Filiale Eins,false\n`,
    });
    expect(good.body).toEqual({ partners: 1, subPartners: 1 });
    expect(await new PartnerService(s.db).find('NEU1')).toMatchObject({
      name: 'Neue Hausverwaltung',
    });
    expect(await audited('partner.import')).toBe(1);
  });

  it('a sandbox application is in no business list, count or search', async () => {
    const before = (await send('GET', '/api/staff/overview')).body;
    const key = await send('POST', '/api/staff/partners/IMMO1/keys', { sandbox: true });
    const made = await call(s.url, 'POST', '/api/tenancies', partnerBody({ lastName: 'Prüfung' }), {
      headers: { authorization: `Bearer ${key.body.key}` },
    });
    expect(made.status).toBe(200);
    // Wait until the sandbox application is decided (pending by its persona)
    for (let i = 0; i < 60; i++) {
      const r = await s.db.executeSql(
        'SELECT count(*)::int AS n FROM decisions d JOIN applications a ON a.id = d.application_id WHERE a.sandbox',
      );
      if (Number(r.rows[0]!.n) > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const decided = await s.db.executeSql(
      'SELECT d.outcome FROM decisions d JOIN applications a ON a.id = d.application_id WHERE a.sandbox',
    );
    expect(decided.rows).toEqual([{ outcome: 'pending' }]);
    expect((await send('GET', '/api/staff/overview')).body).toEqual(before);
    expect((await send('GET', '/api/staff/queues/pending')).body.items).toEqual([]);
    expect((await send('GET', '/api/staff/search?q=Pr%C3%BCfung')).body.items).toEqual([]);
  }, 60_000);
});
