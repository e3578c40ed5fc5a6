import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { leaves, parseMime } from '../mail/testing/mime';
import {
  applications,
  contractRequests,
  contractEvents,
  contractLetters,
  contracts,
} from '../db/schema/index';
import { contractCredentials, firstMandateReferenceOf, landlordReleaseCode } from './credentials';
import { cancellationRule } from '../../domain/index';
import { runDeletion } from '../processing/deletion';

const EMAIL = 'max.mustermann@example.org';

async function acceptedContract(s: TestServer) {
  const body = { ...completeNewApiApplication(), ...(await securityFields(s.url)) };
  const r = await call(s.url, 'POST', '/api/tenancies', body);
  const cid = r.body.cid as string;
  let st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((res) => setTimeout(res, 100));
    st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe('accepted');
  const row = (
    await s.db.orm.select().from(contracts).where(eq(contracts.contractNumber, st.body.orderId))
  )[0]!;
  return { number: st.body.orderId as string, id: row.applicationId, cid };
}

/** Text part of the last mail to `to` whose subject contains `subject`. */
/** The partners' order-status call: the contract's real state after the sale (issue 27). */
const orderState = async (s: TestServer, cid: string) => {
  const r = await call(s.url, 'GET', `/api/application/state/${cid}`);
  return { state: r.body.state, contractStatus: r.body.contractStatus };
};

async function mailTo(smtp: SmtpPeer, to: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    const m = [...smtp.received]
      .reverse()
      .map((r) => ({ r, p: parseMime(r.raw) }))
      .find(({ r, p }) => r.to.includes(to) && (p.headers.get('subject') ?? '').includes(subject));
    if (m) {
      const text = leaves(m.p)
        .find((l) => l.contentType === 'text/plain')!
        .body.toString('utf8')
        .replace(/\r\n/g, '\n');
      const html = leaves(m.p)
        .find((l) => l.contentType === 'text/html')!
        .body.toString('utf8');
      return { text, html, subject: m.p.headers.get('subject') ?? '' };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

const events = async (s: TestServer, id: string) =>
  (await s.db.orm.select().from(contractEvents).where(eq(contractEvents.applicationId, id))).map(
    (e) => `${e.type}:${e.actor}`,
  );

describe.each(engines)('after the sale on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow); // 2026-03-02 10:00 in Berlin
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('withdrawal without login: same answer for a wrong e-mail, withdrawn for the right one', async () => {
    const { number, id, cid } = await acceptedContract(s);
    expect(await orderState(s, cid)).toEqual({ state: 'accepted', contractStatus: 'active' });
    const accepted = await mailTo(smtp, EMAIL, 'angenommen');
    expect(accepted.text).toContain('Vertrag widerrufen:\nhttps://antrag.example/widerruf?link=');

    const empty = await call(s.url, 'POST', '/api/contracts/withdrawal', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'contractNumber',
      'email',
    ]);

    const wrong = await call(s.url, 'POST', '/api/contracts/withdrawal', {
      contractNumber: number,
      email: 'someone@example.org',
      confirmationEmail: 'someone@example.org',
    });
    const unknown = await call(s.url, 'POST', '/api/contracts/withdrawal', {
      contractNumber: 'MK-2026-999999',
      email: 'someone@example.org',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({
      receivedAtText: '02.03.2026 um 10:00:00 Uhr',
      next: 'confirm_by_email',
    });

    // Number and the stored address: recorded, nothing withdrawn yet; the link goes to the
    // stored address only (ADR 1116).
    const right = await call(s.url, 'POST', '/api/contracts/withdrawal', {
      contractNumber: number.toLowerCase(),
      email: ' Max.Mustermann@example.org ',
    });
    expect(right.body).toEqual(wrong.body);
    const ask = await mailTo(smtp, EMAIL, 'Bitte bestätigen Sie Ihren Widerruf');
    expect(ask.text).toContain(`Widerrufserklärung zu Ihrem Vertrag ${number} erhalten`);
    expect(ask.text).not.toContain('1.500');
    expect(smtp.received.some((m) => m.to.includes('someone@example.org'))).toBe(false);
    expect(
      (await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id)))[0]!.status,
    ).toBe('active');
    const token = /widerruf\?confirm=([\w-]+)/.exec(ask.text)![1]!;
    const st = await call(s.url, 'GET', `/api/contracts/withdrawal/statement?token=${token}`);
    expect(st.body).toMatchObject({ contractNumber: number });
    const confirmed = await call(s.url, 'POST', '/api/contracts/withdrawal/confirm', { token });
    expect(confirmed.body).toMatchObject({ next: 'done', applied: true });
    const again = await call(s.url, 'POST', '/api/contracts/withdrawal/confirm', { token });
    expect(again.status).toBe(404);
    const mail = await mailTo(smtp, EMAIL, 'Bestätigung Ihres Widerrufs');
    expect(mail.text).toContain('am 02.03.2026 um 10:00:00 Uhr (deutsche Zeit)');
    expect(mail.html).toContain('02.03.2026 um 10:00:00 Uhr');
    const row = (
      await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id))
    )[0]!;
    expect(row.status).toBe('withdrawn');
    expect(await orderState(s, cid)).toEqual({ state: 'withdrawn', contractStatus: 'withdrawn' });
    expect(row.retainUntil).toBe('2036-12-31');
    expect(await events(s, id)).toEqual([
      'submitted:tenant',
      'accepted:system',
      'withdrawal_declared:tenant',
      'withdrawn:tenant',
    ]);
    const letters = await s.db.orm
      .select()
      .from(contractLetters)
      .where(eq(contractLetters.applicationId, id));
    expect(letters.map((l) => `${l.recipient}:${l.kind}`)).toEqual([
      'landlord:release_code',
      'landlord:withdrawn',
    ]);

    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const v = await call(s.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(v.body).toMatchObject({
      status: 'withdrawn',
      contractNumber: number,
      deposit: 1500,
      endedOn: '02.03.2026',
    });
    expect(JSON.stringify(v.body)).not.toContain('Mustermann');
  });

  it('magic link: single use; IBAN change with a new mandate; a cancellation waits for the landlord’s release (ADR 0925)', async () => {
    const { number, id, cid } = await acceptedContract(s);
    const anon = await call(s.url, 'GET', '/api/contracts/me');
    expect(anon.status).toBe(401);
    const req = await call(s.url, 'POST', '/api/contracts/access', {
      contractNumber: number,
      email: EMAIL,
    });
    expect(req.status).toBe(202);
    const link = /\/vertrag\?token=([\w-]+)/.exec(
      (await mailTo(smtp, EMAIL, `Ihr Zugang zu Vertrag ${number}`)).text,
    )![1]!;
    const open = await call(s.url, 'POST', '/api/contracts/session', { token: link });
    expect(open.status).toBe(200);
    const cookie = open.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly; SameSite=Strict/);
    expect(cookie).toContain('Max-Age=1800; Path=/api/contracts');
    expect((await call(s.url, 'POST', '/api/contracts/session', { token: link })).status).toBe(401);
    const headers = { cookie: cookie.split(';')[0]! };

    const me = await call(s.url, 'GET', '/api/contracts/me', undefined, { headers });
    expect(me.body).toMatchObject({
      contractNumber: number,
      status: 'active',
      withdrawalPossible: true,
    });
    // The first mandate's reference, the one the check step named (ADR 0832).
    expect(me.body.mandateReference).toBe(firstMandateReferenceOf(id));

    const bad = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'DE00 1234' },
      { headers },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'iban' });
    const good = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'de02 1203 0000 0000 2020 51' },
      { headers },
    );
    expect(good.body).toEqual({ mandateReference: `${number}-02` });
    expect((await mailTo(smtp, EMAIL, 'Neue Bankverbindung')).text).toContain(
      `Neue Mandatsreferenz: ${number}-02`,
    );
    const app = (await s.db.orm.select().from(applications).where(eq(applications.id, id)))[0]!;
    expect((app.data as { bankAccount: { iban: string } }).bankAccount.iban).toBe(
      'DE02120300000000202051',
    );

    const badZip = await call(
      s.url,
      'PUT',
      '/api/contracts/me/address',
      { street: 'Neue Straße', number: '5', zip: '123', city: '' },
      { headers },
    );
    expect(badZip.status).toBe(400);
    expect(badZip.body.errors.map((e: { field: string }) => e.field)).toEqual(['zip', 'city']);
    const moved = await call(
      s.url,
      'PUT',
      '/api/contracts/me/address',
      { street: 'Neue Straße', number: '5', zip: '50667', city: 'Köln' },
      { headers },
    );
    expect(moved.status).toBe(200);
    expect((await mailTo(smtp, EMAIL, 'Neue Anschrift')).text).toContain(
      'Neue Straße 5, 50667 Köln',
    );

    // The cancellation marks the contract; the guarantee stays in force (ADR 0925).
    const done = await call(s.url, 'POST', '/api/contracts/me/cancellation', {}, { headers });
    expect(done.body).toEqual({
      status: 'cancellation_requested',
      receivedAtText: '02.03.2026 um 10:00:00 Uhr',
    });
    const cancelled = await mailTo(smtp, EMAIL, 'Bestätigung Ihrer Kündigung');
    expect(cancelled.text.replace(/\s+/g, ' ')).toContain(cancellationRule.effect);
    expect(cancelled.text).not.toContain('Ablauf des');
    const row = async () =>
      (await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id)))[0]!;
    expect(await row()).toMatchObject({ status: 'cancellation_requested', endOn: null });
    expect(await orderState(s, cid)).toEqual({
      state: 'accepted', // the guarantee stands until the landlord releases it
      contractStatus: 'cancellation_requested',
    });
    const still = await call(s.url, 'GET', '/api/contracts/me', undefined, { headers });
    expect(still.body).toMatchObject({
      status: 'cancellation_requested',
      withdrawalPossible: true,
    });
    expect(still.body.endedOn).toBeUndefined();
    // premiums run on: the IBAN can still change
    const iban2 = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'DE89 3704 0044 0532 0130 00' },
      { headers },
    );
    expect(iban2.status).toBe(200);
    const again = await call(s.url, 'POST', '/api/contracts/me/cancellation', {}, { headers });
    expect(again.status).toBe(409);

    // The landlord's release arrives: the cancellation takes effect that day.
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const releaseCode = landlordReleaseCode(s.config.serverSecret, id);
    const pending = await call(s.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(pending.body).toMatchObject({ status: 'cancellation_requested' });
    const released = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: releaseCode },
    );
    expect(released.body).toMatchObject({ status: 'cancelled', endedOn: '02.03.2026' });
    expect(await row()).toMatchObject({ status: 'cancelled', endOn: '2026-03-03' });
    expect(await orderState(s, cid)).toEqual({ state: 'cancelled', contractStatus: 'cancelled' });
    const effective = await mailTo(smtp, EMAIL, 'Ihre Kündigung ist wirksam');
    expect(effective.text.replace(/\s+/g, ' ')).toContain(
      'Ihre Kündigung ist damit am 02.03.2026 wirksam geworden',
    );
    expect(await events(s, id)).toEqual([
      'submitted:tenant',
      'accepted:system',
      'access_requested:tenant',
      'iban_changed:tenant',
      'address_changed:tenant',
      'cancellation_requested:tenant',
      'iban_changed:tenant',
      'released:landlord',
    ]);
    const letters = await s.db.orm
      .select()
      .from(contractLetters)
      .where(eq(contractLetters.applicationId, id));
    expect(letters.map((l) => `${l.recipient}:${l.kind}`)).toEqual([
      'landlord:release_code',
      'landlord:cancellation_requested',
      'landlord:released',
    ]);
  });

  it('the signed link of the acceptance e-mail identifies the contract without typing', async () => {
    const { number, id } = await acceptedContract(s);
    const text = (await mailTo(smtp, EMAIL, `angenommen – Vertrag ${number}`)).text;
    const link = /widerruf\?link=([\w.-]+)/.exec(text)![1]!;
    expect((await call(s.url, 'GET', `/api/contracts/withdrawal-link?link=${link}`)).body).toEqual({
      contractNumber: number,
    });
    // A character inside the signature: the last ones of base64url carry padding bits a decoder
    // ignores, so changing them could leave the signature as it was (it did once in CI).
    const at = link.length - 5;
    const forged = `${link.slice(0, at)}${link[at] === 'A' ? 'B' : 'A'}${link.slice(at + 1)}`;
    expect((await call(s.url, 'GET', `/api/contracts/withdrawal-link?link=${forged}`)).status).toBe(
      404,
    );
    const r = await call(s.url, 'POST', '/api/contracts/withdrawal', { link });
    expect(r.status).toBe(200);
    const row = (
      await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id))
    )[0]!;
    expect(row.status).toBe('withdrawn');
  });

  it('landlord release with the code; expired access tokens are deleted', async () => {
    const { number, id, cid } = await acceptedContract(s);
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const releaseCode = landlordReleaseCode(s.config.serverSecret, id);
    expect(
      (await call(s.url, 'GET', '/api/contracts/verification/AAAAAAAAAAAAAAAAAAAAAA')).status,
    ).toBe(404);
    const wrong = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: 'ZZZZZZZZ' },
    );
    expect(wrong.status).toBe(400);
    const ok = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      {
        code: `${releaseCode.slice(0, 4).toLowerCase()}-${releaseCode.slice(4)}`,
      },
    );
    expect(ok.body).toMatchObject({
      status: 'released',
      contractNumber: number,
      endedOn: '02.03.2026',
    });
    const told = (await mailTo(smtp, EMAIL, 'freigegeben')).text;
    expect(told).toContain('am 02.03.2026 um 10:00:00 Uhr freigegeben');
    // the tenant can object; the landlord gets a letter (the tenant holds the code too, ADR 0924)
    expect(told).toContain('Stammt die Freigabe nicht von Ihrem Vermieter');
    expect((await events(s, id)).at(-1)).toBe('released:landlord');
    expect(await orderState(s, cid)).toEqual({ state: 'released', contractStatus: 'released' });
    const letters = await s.db.orm
      .select()
      .from(contractLetters)
      .where(eq(contractLetters.applicationId, id));
    expect(letters.map((l) => `${l.recipient}:${l.kind}`)).toEqual([
      'landlord:release_code',
      'landlord:released',
    ]);

    await call(s.url, 'POST', '/api/contracts/access', { contractNumber: number, email: EMAIL });
    await mailTo(smtp, EMAIL, `Ihr Zugang zu Vertrag ${number}`);
    const before = await s.db.orm.select().from(contractRequests);
    expect(before.length).toBeGreaterThan(0);
    await runDeletion(
      s.db,
      { dataRetentionDays: 30, reservationDays: 30, declinedRetentionDays: 30 } as never,
      new Date(clock.now().getTime() + 31 * 60_000),
    );
    // access links go after 30 minutes; withdrawal links (14 days) stay
    expect(
      (await s.db.orm.select().from(contractRequests)).filter((r) => r.kind === 'access'),
    ).toEqual([]);
    // the contract file stays (retention until 2036-12-31)
    expect(
      (await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id))).length,
    ).toBe(1);
    await runDeletion(
      s.db,
      { dataRetentionDays: 30, reservationDays: 30, declinedRetentionDays: 30 } as never,
      new Date('2037-01-01T12:00:00Z'),
    );
    expect((await s.db.orm.select().from(applications).where(eq(applications.id, id))).length).toBe(
      0,
    );
  });
});
