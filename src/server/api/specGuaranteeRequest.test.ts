import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { leaves, parseMime } from '../mail/testing/mime';
import { openGuaranteeRequests } from '../services/guaranteeRequests';
import { runDeletion } from '../processing/deletion';

// Spec §2 /start: "digital-guarantee support above the maximum deposit" - a request for an
// individual digital guarantee with amount and contact, stored for staff, confirmed by e-mail
// (ADR 0836).
describe.each(engines)('spec §2 individual digital guarantee above the maximum on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({ engine, clock: fixedClock(testNow), env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('stores the request for staff and mails a confirmation naming reference and amount', async () => {
    const r = await call(
      s.url,
      'POST',
      '/api/guarantee-requests',
      {
        amount: '60.000',
        name: 'Max Mustermann',
        email: 'max.mustermann@example.org',
        phone: '+493012345',
        message: 'Gewerbemiete? Nein, Wohnung.',
      },
      { form: true },
    );
    expect(r.status).toBe(201);
    expect(r.body.reference).toMatch(/^AN-[0-9A-F]{12}$/);
    expect(await s.db.executeSql('SELECT * FROM guarantee_requests', [])).toMatchObject({
      rows: [
        {
          reference: r.body.reference,
          amount_cents: 6_000_000,
          name: 'Max Mustermann',
          email: 'max.mustermann@example.org',
          phone: '+493012345',
          message: 'Gewerbemiete? Nein, Wohnung.',
          state: 'open',
        },
      ],
    });
    let raw: Buffer | undefined;
    for (let i = 0; i < 100 && !raw; i++) {
      raw = smtp.received.find((m) => m.raw.toString().includes(r.body.reference))?.raw;
      if (!raw) await new Promise((res) => setTimeout(res, 100));
    }
    const mail = parseMime(raw!);
    expect(mail.headers.get('subject')).toBe(
      `Ihre Anfrage ${r.body.reference}: individuelle digitale Mietkautionsbürgschaft`,
    );
    expect(mail.headers.get('to')).toContain('max.mustermann@example.org');
    const text = leaves(mail)
      .find((p) => p.contentType === 'text/plain')!
      .body.toString('utf8');
    expect(text).toContain('Guten Tag Max Mustermann,');
    expect(text).toContain('individuellen digitalen Bürgschaft über 60.000,00 €');
    expect(text).toContain('innerhalb von zwei Werktagen');
    // What the back office lists for staff to answer.
    expect((await openGuaranteeRequests(s.db)).items).toEqual([
      expect.objectContaining({
        reference: r.body.reference,
        amountCents: 6_000_000,
        state: 'open',
      }),
    ]);
  });

  it.each([
    [
      { amount: '50.000', name: 'Max', email: 'max@example.org' },
      { amount: 'Bis 50.000,00 € beantragen Sie die Bürgschaft direkt online, ohne Anfrage.' },
    ],
    [
      { amount: '60000' },
      {
        name: 'Bitte füllen Sie dieses Feld aus.',
        email: 'Bitte füllen Sie dieses Feld aus.',
      },
    ],
    [
      { amount: '60000', name: 'Max', email: 'max@', phone: '030 12' },
      {
        email: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
        phone:
          'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
      },
    ],
  ])('refuses %j with a German message per field, stores nothing', async (body, messages) => {
    const before = (await s.db.executeSql('SELECT count(*)::int AS n FROM guarantee_requests', []))
      .rows[0]!.n;
    const r = await call(s.url, 'POST', '/api/guarantee-requests', body);
    expect(r.status).toBe(400);
    expect(
      Object.fromEntries(
        Object.entries(r.body.errors as Record<string, { message: string[] }>).map(([k, v]) => [
          k,
          v.message[0],
        ]),
      ),
    ).toEqual(messages);
    const after = (await s.db.executeSql('SELECT count(*)::int AS n FROM guarantee_requests', []))
      .rows[0]!.n;
    expect(after).toBe(before);
  });

  it('an answered request is deleted DATA_RETENTION_DAYS after the answer; open ones stay', async () => {
    const now = new Date(testNow);
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await s.db.executeSql(
      `INSERT INTO guarantee_requests (reference, amount_cents, name, email, state, created_at, answered_at)
       VALUES ('AN-OLD', 6000000, 'A', 'a@example.org', 'answered', $1, $2),
              ('AN-RECENT', 6000000, 'B', 'b@example.org', 'answered', $1, $3),
              ('AN-OPEN', 6000000, 'C', 'c@example.org', 'open', $1, NULL)`,
      [at(60), at(31), at(29)],
    );
    const report = await runDeletion(s.db, s.config, now);
    expect(report.guaranteeRequestsRemoved).toBe(1);
    const left = await s.db.executeSql(
      `SELECT reference FROM guarantee_requests WHERE reference LIKE 'AN-%' AND name IN ('A', 'B', 'C') ORDER BY reference`,
      [],
    );
    expect(left.rows.map((r) => r.reference)).toEqual(['AN-OPEN', 'AN-RECENT']);
  });
});
