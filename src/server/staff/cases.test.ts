import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock } from '../clock';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';
import { pdfText } from '../documents/testing/pdfText';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { poll, submit } from '../processing/testing/http';
import { staffWithSession } from './testing/staffSession';

describe.each(engines)('back office work queues on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  type Member = Awaited<ReturnType<typeof staffWithSession>>;
  let anna: Member;
  let bert: Member;
  let sina: Member;
  const get = (m: Member, path: string) =>
    call(s.url, 'GET', path, undefined, { headers: { cookie: m.cookie } });
  const post = (m: Member, path: string, body: unknown) =>
    call(s.url, 'POST', path, body, { headers: { cookie: m.cookie, origin: s.url } });
  const auditRows = async (action: string) =>
    (await s.db.executeSql('SELECT * FROM staff_audit WHERE action = $1 ORDER BY at', [action]))
      .rows;

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    anna = await staffWithSession(s.db, { role: 'staff', name: 'Anna Amt', now: clock.now() });
    bert = await staffWithSession(s.db, {
      role: 'supervisor',
      name: 'Bert Boss',
      now: clock.now(),
    });
    sina = await staffWithSession(s.db, {
      role: 'supervisor',
      name: 'Sina Self',
      now: clock.now(),
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a pending case is listed with its reason and decided with a reason; the tenant gets the e-mail', async () => {
    const cid = await submit(s, 'Prüfung');
    const { orderId: number } = await poll(s, cid);
    const list = await get(anna, '/api/staff/queues/pending');
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { number: string }) => i.number === number);
    expect(item).toMatchObject({ tenants: ['Max Prüfung'], reasons: expect.any(Array) });
    expect((await get(anna, '/api/staff/overview')).body.pending).toBeGreaterThan(0);
    const noReason = await post(anna, `/api/staff/cases/${number}/decision`, { verdict: 'accept' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].code).toBe('reason_required');
    const r = await post(anna, `/api/staff/cases/${number}/decision`, {
      verdict: 'accept',
      reason: 'Vorschaden geprüft, unerheblich',
    });
    expect(r.status).toBe(200);
    expect(r.body.outcome).toBe('accepted');
    expect((await poll(s, cid)).state).toBe('accepted');
    const file = await get(anna, `/api/staff/cases/${number}`);
    expect(file.body.timeline.map((e: { actor: string }) => e.actor)).toContain('staff:Anna Amt');
    expect(
      readdirSync(join(s.config.dataDir, 'outbox')).some((f) => f.startsWith('contract-accepted.')),
    ).toBe(true);
    const audited = await auditRows('decision.accept');
    expect(audited.at(-1)).toMatchObject({ staff_name: 'Anna Amt', contract_number: number });
  }, 60_000);

  it('a declined application is reopened for human review and accepted (Art. 22)', async () => {
    const cid = await submit(s, 'Abgelehnt');
    const { orderId: number, state } = await poll(s, cid);
    expect(state).toBe('declined');
    expect(
      (await get(anna, '/api/staff/queues/declined')).body.items.map(
        (i: { number: string }) => i.number,
      ),
    ).toContain(number);
    const reopened = await post(anna, `/api/staff/cases/${number}/review`, {
      reason: 'Widerspruch per Telefon',
    });
    expect(reopened.status).toBe(200);
    expect(
      (await post(anna, `/api/staff/cases/${number}/review`, { reason: 'nochmal' })).status,
    ).toBe(409);
    const r = await post(anna, `/api/staff/cases/${number}/decision`, {
      verdict: 'accept',
      reason: 'Einkommen nachgewiesen',
    });
    expect(r.body.outcome).toBe('accepted');
    expect((await poll(s, cid)).state).toBe('accepted');
    const types = (await get(anna, `/api/staff/cases/${number}`)).body.timeline.map(
      (e: { type: string; actor: string }) => `${e.type}/${e.actor}`,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'declined/system',
        'review_reopened/staff:Anna Amt',
        'accepted/staff:Anna Amt',
      ]),
    );
  }, 60_000);

  it('a review that declines again tells the tenant in an e-mail of its own', async () => {
    const cid = await submit(s, 'Abgelehnt');
    const { orderId: number } = await poll(s, cid);
    await post(anna, `/api/staff/cases/${number}/review`, { reason: 'Einspruch' });
    const r = await post(anna, `/api/staff/cases/${number}/decision`, {
      verdict: 'decline',
      reason: 'bleibt',
    });
    expect(r.body.outcome).toBe('declined');
    const outbox = readdirSync(join(s.config.dataDir, 'outbox'));
    expect(outbox.some((f) => f.startsWith('review-declined.'))).toBe(true);
  }, 60_000);

  it('a released guarantee: letter batch PDF, marked posted, reinstated only by a second person', async () => {
    const cid = await submit(s, 'Mustermann');
    const { orderId: number } = await poll(s, cid);
    const appId = (
      await s.db.executeSql('SELECT application_id FROM contracts WHERE contract_number = $1', [
        number,
      ])
    ).rows[0]!.application_id as string;
    const { verificationToken } = contractCredentials(s.config.serverSecret, appId);
    const released = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: landlordReleaseCode(s.config.serverSecret, appId) },
    );
    expect(released.status).toBe(200);

    // letters
    const letters = await get(anna, '/api/staff/queues/letters');
    const letter = letters.body.items.find(
      (l: { contractNumber: string; kind: string }) =>
        l.contractNumber === number && l.kind === 'released',
    );
    expect(letter).toMatchObject({ kind: 'released', overdue: false });
    const pdf = await fetch(`${s.url}/api/staff/letters.pdf`, { headers: { cookie: anna.cookie } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const ids = pdf.headers.get('x-letter-ids')!.split(',');
    expect(ids).toContain(letter.id);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Bürgschaft ${number}`);
    expect(text).toContain('Erika Vermieterin');
    expect(text).toContain('Freigabecode');
    clock.advance(5 * 86_400_000);
    try {
      // (a session of that day: Anna's has long been idle by then)
      const later = await staffWithSession(s.db, {
        role: 'staff',
        name: 'Lea Later',
        now: clock.now(),
      });
      const late = await get(later, '/api/staff/queues/letters');
      expect(late.body.items.find((l: { id: string }) => l.id === letter.id).overdue).toBe(true);
    } finally {
      clock.advance(-5 * 86_400_000);
    }
    const posted = await post(anna, '/api/staff/letters/posted', { ids });
    expect(posted.body.posted).toBe(ids.length);
    expect((await get(anna, '/api/staff/queues/letters')).body.items).toHaveLength(0);

    // four eyes
    const endings = await get(anna, '/api/staff/queues/endings');
    expect(endings.body.items.map((e: { contractNumber: string }) => e.contractNumber)).toContain(
      number,
    );
    const draft = await post(sina, '/api/staff/approvals', {
      kind: 'reinstate_release',
      subject: appId,
      reason: 'Mieter: Vermieter hat nicht freigegeben',
    });
    expect(draft.status).toBe(201);
    const own = await post(sina, `/api/staff/approvals/${draft.body.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.errors[0].code).toBe('own_draft');
    const byStaff = await post(anna, `/api/staff/approvals/${draft.body.id}/approve`, {});
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.errors[0].code).toBe('forbidden_role');
    // The database refuses it too, whatever the code says.
    await expect(
      s.db.executeSql(
        "UPDATE staff_approvals SET approved_by = drafted_by, state = 'approved' WHERE id = $1",
        [draft.body.id],
      ),
    ).rejects.toThrow(/staff_approvals_four_eyes|check constraint/);
    const ok = await post(bert, `/api/staff/approvals/${draft.body.id}/approve`, {
      note: 'geprüft',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('done');
    expect((await post(bert, `/api/staff/approvals/${draft.body.id}/approve`, {})).status).toBe(
      409,
    );
    const status = (
      await s.db.executeSql('SELECT status, end_on FROM contracts WHERE application_id = $1', [
        appId,
      ])
    ).rows[0]!;
    expect(status).toMatchObject({ status: 'active', end_on: null });
    const timeline = (await get(anna, `/api/staff/cases/${appId}`)).body.timeline;
    expect(timeline.at(-1)).toMatchObject({
      type: 'reinstated',
      actor: 'staff:Bert Boss',
      details: { draftedBy: 'Sina Self' },
    });
    const again = await get(anna, '/api/staff/queues/letters');
    expect(again.body.items.map((l: { kind: string }) => l.kind)).toEqual(['reinstated']);
  }, 90_000);

  it('every read of a case file writes exactly one audit row with the request id', async () => {
    const cid = await submit(s, 'Mustermann');
    const { orderId: number } = await poll(s, cid);
    const before = (await auditRows('contract.read')).length;
    const r = await get(anna, `/api/staff/cases/${number}`);
    expect(r.status).toBe(200);
    expect(r.body.ibanLast4).toBe('3000');
    const rows = await auditRows('contract.read');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      staff_name: 'Anna Amt',
      contract_number: number,
      application_id: r.body.applicationId,
    });
    expect(String(rows.at(-1)!.request_id)).not.toBe('');
    expect((await get(anna, '/api/staff/cases/MK-1999-000001')).status).toBe(404);
  }, 60_000);

  it('the staff API document declares the search query, the queue pages and the letter batch', async () => {
    const doc = (await get(anna, '/api/staff/openapi.json')).body;
    const search = doc.paths['/api/staff/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'after', 'limit']);
    expect(search.parameters[1]).toMatchObject({ required: false, schema: { type: 'string' } });
    expect(search.parameters[1].schema.pattern).toContain('_');
    expect(search.security).toEqual([{ staffSession: [] }]);
    expect(doc.paths['/api/staff/queues/pending'].get.responses['200']).toBeDefined();
    const batch = doc.paths['/api/staff/letters.pdf'].get.responses['200'];
    expect(Object.keys(batch.content)).toEqual(['application/pdf']);
    expect(batch.headers['X-Letter-Ids']).toBeDefined();
    expect(doc.paths['/api/staff/cases/{number}/decision'].post.description).toContain(
      'Permission: cases.decide.',
    );
  });

  it('search by number, e-mail, name, postcode and IBAN digits pages by key, never by offset', async () => {
    const cid = await submit(s, 'Suchmann');
    const { orderId: number } = await poll(s, cid);
    const find = async (q: string, extra = '') =>
      (await get(anna, `/api/staff/search?q=${encodeURIComponent(q)}${extra}`)).body;
    expect((await find(number)).items.map((i: { number: string }) => i.number)).toEqual([number]);
    expect((await find('suchm')).items.map((i: { number: string }) => i.number)).toEqual([number]);
    expect((await find('Max Suchmann')).items).toHaveLength(1);
    const all = (await find('MAX.MUSTERMANN@example.org', '&limit=50')).items.length;
    expect(all).toBeGreaterThan(3);
    expect((await find('10115', '&limit=50')).items.length).toBe(all);
    expect((await find('3000', '&limit=50')).items.length).toBe(all);
    expect((await find('9999')).items).toHaveLength(0);
    // A malformed cursor (or a mangled query) reads as none: the first page, never a 400.
    const first = await find('max.mustermann@example.org', '&limit=2');
    for (const extra of [
      '&after=kaputt',
      '&after[x]=1',
      `&after=${first.next}&after=${first.next}`,
    ])
      expect((await find('max.mustermann@example.org', `&limit=2${extra}`)).items).toEqual(
        first.items,
      );
    expect((await find('max.mustermann@example.org', '&limit=viele')).items).toHaveLength(
      Math.min(all, 20),
    );
    const seen: string[] = [];
    let next = '';
    for (let i = 0; i < 50; i++) {
      const page = await find(
        'max.mustermann@example.org',
        `&limit=2${next ? `&after=${encodeURIComponent(next)}` : ''}`,
      );
      seen.push(...page.items.map((x: { applicationId: string }) => x.applicationId));
      if (!page.next) break;
      next = page.next;
    }
    expect(seen).toHaveLength(all);
    expect(new Set(seen).size).toBe(all);
  }, 60_000);
});
