import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryTexts } from '../../domain/index';
import { resultTexts } from '../../domain/messages/results';
import { fixedClock } from '../clock';
import { leaves, parseMime } from '../mail/testing/mime';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Issue 27: the acceptance e-mail and the result page say the same about where the posted
// certificate goes (the tenant's choice), and the e-mail names a posting day that skips
// weekends and German public holidays.

async function accepted(s: TestServer, destination: string, email: string, later = false) {
  const app = completeNewApiApplication() as Record<string, Record<string, unknown>>;
  const rental = app.rentalObject as { rentalContract: Record<string, unknown> };
  if (later) {
    // dates after the moved clock (2 April 2026)
    rental.rentalContract = {
      ...rental.rentalContract,
      signedAt: '2026-04-20',
      movedInAt: '2026-05-01',
    };
    app.policyStartDate = '2026-04-15' as never;
  }
  const body = {
    ...app,
    shippingNotesAccepted: 'true',
    tenant: { ...app.tenant, email, emailConfirmation: email },
    digitalGuarantee: 'false',
    postalDestination: destination,
    ...(await securityFields(s.url)),
  };
  const r = await call(s.url, 'POST', '/api/tenancies', body);
  expect(r.body.errors).toEqual({});
  const cid = r.body.cid as string;
  let st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((res) => setTimeout(res, 100));
    st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe('accepted');
  return st.body as { deliverTo: string; digital: boolean };
}

async function mailText(smtp: SmtpPeer, to: string) {
  for (let i = 0; i < 150; i++) {
    const r = smtp.received.find((m) => m.to.includes(to));
    if (r)
      return leaves(parseMime(r.raw))
        .find((l) => l.contentType === 'text/plain')!
        .body.toString('utf8')
        .replace(/\s+/g, ' ');
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no mail to ${to}`);
}

describe.each(engines)('certificate delivery by post on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow); // Monday 2 March 2026, 10:00 Berlin
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

  it.each([
    ['landlord_address', 'landlordAddress', 'landlord@example.org'],
    ['legal_address', 'legalAddress', 'legal@example.org'],
  ])('%s: the e-mail and the result page name the same destination', async (wire, model, to) => {
    const state = await accepted(s, wire, to);
    expect(state).toMatchObject({ deliverTo: model, digital: false });
    const page = resultTexts.postal(state.deliverTo); // what /callback/danke shows for it
    const mail = await mailText(smtp, to);
    const destination = deliveryTexts.byPost(state.deliverTo);
    expect(page.startsWith(destination)).toBe(true);
    expect(mail).toContain(destination);
    expect(mail).toContain('Die Urkunde geht am 02.03.2026 in den Versand.');
    if (model === 'landlordAddress') {
      expect(mail).toContain('direkt an Ihren Vermieter');
      expect(mail).not.toMatch(/schicken wir Ihnen per Post|an Ihren Vermieter weiter/);
    } else expect(mail).toContain('Geben Sie sie dann Ihrem Vermieter.');
  });

  it('a decision before a public holiday weekend names the first working day after it', async () => {
    clock.set(new Date('2026-04-02T14:00:00Z')); // Thursday 16:00 before Easter
    try {
      await accepted(s, 'landlord_address', 'easter@example.org', true);
      expect(await mailText(smtp, 'easter@example.org')).toContain(
        'Die Urkunde geht am 07.04.2026 in den Versand.',
      );
    } finally {
      clock.set(testNow);
    }
  });
});
