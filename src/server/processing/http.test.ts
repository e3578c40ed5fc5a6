import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { pdfText } from '../documents/testing/pdfText';
import { leaves, parseMime } from '../mail/testing/mime';
import { runDeletion } from './deletion';
import { poll, reserve, submit } from './testing/http';

const DAY = 86_400_000;

describe.each(engines)('submission to certificate over HTTP on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each([
    ['Mustermann', 'accepted'],
    ['Abgelehnt', 'declined'],
    ['Prüfung', 'pending'],
  ])('persona %s ends %s; the certificate exists only once accepted', async (name, expected) => {
    const cid = await submit(s, name);
    const st = await poll(s, cid);
    expect(st.state).toBe(expected);
    expect(st.orderId).toMatch(/^MK-2026-\d{6}$/);
    const pdf = await fetch(`${s.url}/api/tenancies/${cid}/certificate.pdf`);
    if (expected === 'accepted') {
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toContain(
        `Buergschaftsurkunde-${st.orderId}.pdf`,
      );
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(text).toContain(st.orderId);
      expect(text).toContain('Max Mustermann');
      expect(text).toContain('1.500,00 €');
      expect(text).toContain('Musterstraße 12a, 10115 Berlin');
    } else {
      expect(pdf.status).toBe(409);
      expect((await pdf.json()).errors[0].code).toBe('not_accepted');
    }
  });

  it('a reservation gets its Sofortzusage, then continues as a contract with a certificate', async () => {
    const app = completeNewApiApplication() as Record<string, unknown>;
    const { cid, state, orderId } = await reserve(s, 'Reserviert', {
      email: 'rita@example.org',
      emailConfirmation: 'rita@example.org',
    });
    expect(state).toBe('accepted');
    expect(orderId).toMatch(/^MR-2026-\d{6}$/);
    const confirmation = await fetch(`${s.url}/api/tenancies/${cid}/reservation.pdf`);
    expect(confirmation.status).toBe(200);
    const text = await pdfText(new Uint8Array(await confirmation.arrayBuffer()));
    expect(text).toContain('Sofortzusage');
    expect(text).toContain(orderId);
    expect((await fetch(`${s.url}/api/tenancies/${cid}/certificate.pdf`)).status).toBe(409);
    const outbox = join(s.config.dataDir, 'outbox');
    const mailFile = readdirSync(outbox).find((f) => f.startsWith('reservation-accepted.'));
    const mail = parseMime(readFileSync(join(outbox, mailFile!)));
    expect(leaves(mail).some((p) => p.filename === `Sofortzusage-${orderId}.pdf`)).toBe(true);
    const body = leaves(mail)
      .find((p) => p.contentType === 'text/plain')!
      .body.toString('utf8');
    expect(body).toContain(`/tenant?cid=${cid}`);

    // continue: the rest of the application in one call, without the tenant's data
    const { tenant: _t, ...rest } = app;
    const fin = await call(s.url, 'PATCH', `/api/tenancies?cid=${cid}`, {
      ...rest,
      ...(await securityFields(s.url)),
    });
    expect(fin.body.errors).toEqual({});
    expect(fin.body.state).toBe('submitted');
    const contract = await poll(s, cid);
    expect(contract.state).toBe('accepted');
    expect(contract.orderId).toMatch(/^MK-2026-\d{6}$/);
    const cert = await fetch(`${s.url}/api/tenancies/${cid}/certificate.pdf`);
    expect(cert.status).toBe(200);
    expect(await pdfText(new Uint8Array(await cert.arrayBuffer()))).toContain('Reserviert');
  });

  it('answers 404 for a cid that never existed', async () => {
    const r = await fetch(`${s.url}/api/tenancies/AAAAAAAAAAAAAAAAAAAAAAAA/certificate.pdf`);
    expect(r.status).toBe(404);
  });

  it('after the deletion run a declined application answers days_to_keep_data_exceeded', async () => {
    const cid = await submit(s, 'Abgelehnt');
    expect((await poll(s, cid)).state).toBe('declined');
    const settings = {
      publicUrl: 'http://localhost',
      serverSecret: s.config.serverSecret,
      dataRetentionDays: s.config.dataRetentionDays,
      reservationDays: s.config.reservationDays,
      declinedRetentionDays: s.config.declinedRetentionDays,
      tariff: s.config.tariff,
    };
    const report = await runDeletion(s.db, settings, new Date(clock.now().getTime() + 31 * DAY));
    expect(report.declined_retention).toBeGreaterThanOrEqual(1);
    const load = await call(s.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(load.status).toBe(410);
    expect(load.body.errors[0].code).toBe('days_to_keep_data_exceeded');
    const pdf = await fetch(`${s.url}/api/tenancies/${cid}/certificate.pdf`);
    expect(pdf.status).toBe(410);
  });
});
