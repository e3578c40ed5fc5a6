import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { pdfText } from '../documents/testing/pdfText';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { poll, submit } from '../processing/testing/http';
import { staffWithSession } from './testing/staffSession';

// The contract page's documents (ADR 1209): each downloadable by staff, one audit row per
// download, nothing without a staff session; pending reasons are codes the page shows in German.
describe.each(engines)('contract documents in the back office on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('every document of an accepted contract downloads as a PDF, audited', async () => {
    const anna = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Anna Amt',
      now: clock.now(),
    });
    const as = { headers: { cookie: anna.cookie } };
    const { orderId: number, state } = await poll(s, await submit(s, 'Dokument'));
    expect(state).toBe('accepted');
    const file = await call(s.url, 'GET', `/api/staff/cases/${number}`, undefined, as);
    const kinds = file.body.documents.map((d: { kind: string }) => d.kind).sort();
    expect(kinds).toEqual(['certificate', 'policy']);
    for (const kind of kinds) {
      const path = `/api/staff/cases/${file.body.applicationId}/documents/${kind}`;
      const res = await fetch(`${s.url}${path}`, { headers: as.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain(number);
      // Without a staff session: nothing
      expect((await fetch(`${s.url}${path}`)).status).toBe(401);
    }
    const audit = await s.db.executeSql(
      "SELECT staff_name, contract_number, details FROM staff_audit WHERE action = 'document.read' ORDER BY at",
    );
    expect(audit.rows).toEqual(
      kinds.map((kind: string) => ({
        staff_name: 'Anna Amt',
        contract_number: number,
        details: { kind },
      })),
    );
    // By contract number as well; an unknown kind or contract is 404
    const byNumber = await fetch(`${s.url}/api/staff/cases/${number}/documents/policy`, as);
    expect(byNumber.status).toBe(200);
    expect(
      (await call(s.url, 'GET', `/api/staff/cases/${number}/documents/secret`, undefined, as))
        .status,
    ).toBe(404);
    expect(
      (await call(s.url, 'GET', `/api/staff/cases/X-0/documents/policy`, undefined, as)).status,
    ).toBe(404);
  });
});
