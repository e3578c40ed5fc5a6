import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { sepaDebits } from '../db/schema/index';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { camt054 } from '../../domain/money/testing/bankFixtures';
import { runCollection } from '../money/collection';
import { acceptedContract } from '../money/testing/contract';
import { moneyApiTexts } from '../texts/money';
import { moneyOpsTexts } from '../texts/moneyOps';
import { staffWithSession } from './testing/staffSession';

/**
 * Issue 24 × 25 on both engines: the job drafts a collection file; Sina (supervisor) puts it
 * forward, her own approval is refused by the database's CHECK (403, German), Bert approves,
 * Anna (staff) downloads it once (a second time 409); a camt.054 return is uploaded as the
 * request body; the unknown item waits in the unmatched list until resolved. Staff cannot approve.
 */
describe.each(engines)('back office money on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  type Member = Awaited<ReturnType<typeof staffWithSession>>;
  let anna: Member;
  let bert: Member;
  let sina: Member;
  const get = (m: Member, path: string) =>
    call(s.url, 'GET', `/api/staff/money${path}`, undefined, { headers: { cookie: m.cookie } });
  const post = (m: Member, path: string) =>
    call(
      s.url,
      'POST',
      `/api/staff/money${path}`,
      {},
      { headers: { cookie: m.cookie, origin: s.url } },
    );
  const upload = async (m: Member, xml: string) => {
    const r = await fetch(`${s.url}/api/staff/money/imports`, {
      method: 'POST',
      headers: { cookie: m.cookie, origin: s.url, 'content-type': 'application/xml' },
      body: xml,
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const audited = async (action: string) =>
    (await s.db.executeSql('SELECT * FROM staff_audit WHERE action = $1 ORDER BY at', [action]))
      .rows as { staff_name: string; details: Record<string, unknown> }[];

  const keepSignedIn = () =>
    s.db.executeSql('UPDATE staff_sessions SET created_at = $1, last_seen_at = $1', [
      clock.now().toISOString(),
    ]);

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    const now = clock.now();
    anna = await staffWithSession(s.db, { role: 'staff', name: 'Anna Amt', now });
    bert = await staffWithSession(s.db, { role: 'supervisor', name: 'Bert Boss', now });
    sina = await staffWithSession(s.db, { role: 'supervisor', name: 'Sina Self', now });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('drafted by the job, four eyes, downloaded once, a return uploaded, unmatched resolved', async () => {
    const { id } = await acceptedContract(s);
    const money = s.processing!.money;
    clock.set('2026-03-11T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-12T05:00:00Z');
    const run = await runCollection(money);
    const batchId = run.batchId!;
    expect(batchId).toBeTruthy();
    // the sessions were opened at testNow: keep them alive as members working that day
    await keepSignedIn();
    const overview = await get(anna, '/overview');
    expect(overview.body).toMatchObject({ drafts: 1, approved: 0 });
    let list = await get(anna, '/batches');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      id: batchId,
      kind: 'debit',
      status: 'draft',
      submittedBy: null,
    });

    expect((await post(sina, `/batches/${batchId}/submit`)).status).toBe(200);
    expect((await post(bert, `/batches/${batchId}/submit`)).status).toBe(409);
    const own = await post(sina, `/batches/${batchId}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.errors[0]).toEqual({ code: 'four_eyes', message: moneyApiTexts.fourEyes });
    expect(own.body.errors[0].message).toContain('Vier-Augen-Prinzip');
    const early = await post(anna, `/batches/${batchId}/download`);
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('not_approved');
    expect((await post(bert, `/batches/${batchId}/approve`)).status).toBe(200);
    list = await get(anna, '/batches');
    expect(list.body.items[0]).toMatchObject({
      status: 'approved',
      submittedBy: 'Sina Self',
      approvedBy: 'Bert Boss',
    });

    const file = await post(anna, `/batches/${batchId}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="MK-.*\.pain\.008\.001\.08\.xml"$/,
    );
    const [debit] = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, id));
    expect(debit!.status).toBe('presented');
    expect(file.body).toContain(`<EndToEndId>${debit!.endToEndId}</EndToEndId>`);
    const again = await post(bert, `/batches/${batchId}/download`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toEqual({
      code: 'already_released',
      message: moneyApiTexts.alreadyReleased,
    });
    expect((await get(anna, '/batches')).body.items[0]).toMatchObject({
      status: 'released',
      releasedBy: 'Anna Amt',
    });

    // collected on the due day, returned (AC04) on the 19th; one item of the file is unknown
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-19T09:00:00Z');
    await keepSignedIn();
    const bankFile = camt054([
      {
        endToEndId: debit!.endToEndId,
        amount: (debit!.amountCents / 100).toFixed(2),
        reason: 'AC04',
      },
      { endToEndId: 'FREMD-4711', amount: '12.34', reason: 'MS02' },
    ]);
    const imported = await upload(anna, bankFile);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      duplicate: false,
      format: 'camt.054',
      matched: 1,
      unmatched: 1,
    });
    expect(imported.body.message).toBe(
      'camt.054 eingelesen: 1 Buchung zugeordnet, 1 nicht zugeordnet (siehe Liste unten).',
    );
    const [returned] = await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.id, debit!.id));
    expect(returned).toMatchObject({ status: 'returned', returnReason: 'AC04' });
    expect((await upload(anna, bankFile)).body).toMatchObject({
      duplicate: true,
      message: 'Diese Datei wurde schon eingelesen; es wurde nichts geändert.',
    });
    const bad = await upload(anna, '<Document>kein camt</Document>');
    expect(bad.status).toBe(400);
    expect((await upload(anna, '   ')).status).toBe(400);

    const unmatched = await get(anna, '/unmatched');
    expect(unmatched.body.items).toEqual([
      expect.objectContaining({ endToEndId: 'FREMD-4711', amountCents: 1234, reason: 'MS02' }),
    ]);
    expect((await get(anna, '/overview')).body.unmatched).toBe(1);
    const itemId = unmatched.body.items[0].id as string;
    expect((await post(anna, `/unmatched/${itemId}/resolve`)).status).toBe(200);
    expect((await post(anna, `/unmatched/${itemId}/resolve`)).status).toBe(409);
    expect((await get(anna, '/unmatched')).body.items).toEqual([]);

    const csv = await get(anna, '/bordero/2026-03.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await get(anna, '/bordero/2026-13.csv')).status).toBe(400);

    // the audit trail names who did what
    expect((await audited('money.batch.submit')).map((r) => r.staff_name)).toEqual(['Sina Self']);
    expect((await audited('money.batch.approve_refused')).map((r) => r.staff_name)).toEqual([
      'Sina Self',
    ]);
    expect((await audited('money.batch.approve')).map((r) => r.staff_name)).toEqual(['Bert Boss']);
    expect((await audited('money.batch.download')).map((r) => r.staff_name)).toEqual(['Anna Amt']);
    expect((await audited('money.import')).map((r) => r.details)).toEqual([
      expect.objectContaining({ format: 'camt.054', matched: 1, unmatched: 1, duplicate: false }),
      expect.objectContaining({ duplicate: true }),
    ]);
    expect((await audited('money.item.resolve')).length).toBe(1);
    expect((await audited('money.unmatched.read')).length).toBeGreaterThan(0);
    expect((await audited('money.bordero.read')).length).toBe(1);
  }, 120_000);

  it('a dispute recorded by staff: reason required, unknown contract 404, closed once', async () => {
    // a contract accepted on the first test's day (a later day would make its dates invalid)
    clock.set(testNow);
    const { number } = await acceptedContract(s);
    await keepSignedIn();
    const dispute = (body: Record<string, unknown>) =>
      call(s.url, 'POST', '/api/staff/money/disputes', body, {
        headers: { cookie: anna.cookie, origin: s.url },
      });
    for (const blank of [{ contractNumber: number }, { contractNumber: number, reason: '  ' }]) {
      const r = await dispute(blank);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([
        { code: 'reason_required', message: moneyOpsTexts.reasonRequired },
      ]);
    }
    const unknown = await dispute({ contractNumber: 'MK-1999-000001', reason: 'doppelt' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toEqual({
      code: 'not_found',
      message: moneyOpsTexts.contractUnknown,
    });
    const opened = await dispute({ contractNumber: number.toLowerCase(), reason: ' doppelt ' });
    expect(opened.status).toBe(201);
    const listed = await get(anna, '/disputes');
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ id: opened.body.id, reason: 'doppelt', openedBy: 'staff' }),
    );
    expect((await post(anna, `/disputes/${opened.body.id}/close`)).status).toBe(200);
    const again = await post(anna, `/disputes/${opened.body.id}/close`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toEqual({
      code: 'not_open',
      message: moneyOpsTexts.disputeNotOpen,
    });
    expect((await post(anna, '/disputes/not-an-id/close')).status).toBe(409);
  });

  it('the staff API document lists the money routes with their permission and file types', async () => {
    await keepSignedIn();
    const doc = (
      await call(s.url, 'GET', '/api/staff/openapi.json', undefined, {
        headers: { cookie: anna.cookie },
      })
    ).body;
    const download = doc.paths['/api/staff/money/batches/{id}/download'].post;
    expect(download.description).toContain('Permission: money.work.');
    expect(Object.keys(download.responses['200'].content)).toEqual(['application/xml']);
    expect(Object.keys(download.responses['409'].content)).toEqual(['application/json']);
    const upload = doc.paths['/api/staff/money/imports'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual([
      'application/xml',
      'text/xml',
      'application/octet-stream',
    ]);
    expect(
      Object.keys(doc.paths['/api/staff/money/bordero/{month}'].get.responses['200'].content),
    ).toEqual(['text/csv', 'application/pdf']);
    expect(doc.paths['/api/staff/money/refunds/{id}/paid'].post.description).toContain(
      'Permission: money.approve.',
    );
    expect(doc.paths['/api/staff/money/batches'].get.security).toEqual([{ staffSession: [] }]);
  });

  it('staff may not approve a file or mark a refund paid; a foreign origin is refused', async () => {
    const some = '00000000-0000-4000-8000-000000000000';
    const approve = await post(anna, `/batches/${some}/approve`);
    expect(approve.status).toBe(403);
    expect(approve.body.errors[0].code).toBe('forbidden_role');
    expect((await post(anna, `/refunds/${some}/paid`)).status).toBe(403);
    expect((await post(bert, `/refunds/${some}/paid`)).status).toBe(409);
    const foreign = await call(
      s.url,
      'POST',
      `/api/staff/money/batches/${some}/submit`,
      {},
      {
        headers: { cookie: anna.cookie, origin: 'https://evil.example' },
      },
    );
    expect(foreign.status).toBe(403);
    expect((await call(s.url, 'GET', '/api/staff/money/batches')).status).toBe(401);
    const refused = await audited('forbidden');
    expect(refused.some((r) => r.details.permission === 'money.approve')).toBe(true);
  });
});
