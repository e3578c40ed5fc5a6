import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { pdfText } from '../documents/testing/pdfText';
import { poppler } from '../documents/testing/pdfTools';
import { fallbackOperator } from '../documents/operator';
import { leaves, parseMime } from '../mail/testing/mime';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { poll, submit } from './testing/http';

// Issue 27 / DECISIONS.md "One operator": the e-mail, the PDFs it carries, the legal pages and
// the API name the operator of OPERATOR_*, or the same marked placeholders when nothing is set.
// Never an invented company, never "Berlin" for an operator elsewhere.

const hamburg = {
  OPERATOR_NAME: 'Kautionsschutz Nord GmbH',
  OPERATOR_STREET: 'Elbchaussee 1',
  OPERATOR_ZIP_CITY: '20095 Hamburg',
  OPERATOR_EMAIL: 'service@kautionsschutz-nord.example',
  OPERATOR_PHONE: '040 555 000',
  OPERATOR_REGISTER: 'Amtsgericht Hamburg HRB 12345',
};
const invented = /Mietkaution Online Versicherung AG|Kautionsallee|service@mietkaution\.example/;

/** The acceptance e-mail as the SMTP peer received it: its text and its certificate's text. */
async function acceptance(smtp: SmtpPeer) {
  for (let i = 0; i < 150; i++) {
    const hit = [...smtp.received]
      .map((r) => parseMime(r.raw))
      .find((p) => (p.headers.get('subject') ?? '').includes('angenommen'));
    if (hit) {
      const parts = leaves(hit);
      const text = parts
        .find((p) => p.contentType === 'text/plain')!
        .body.toString('utf8')
        .replace(/\s+/g, ' ');
      const html = parts.find((p) => p.contentType === 'text/html')!.body.toString('utf8');
      const cert = parts.find((p) => (p.filename ?? '').startsWith('Buergschaftsurkunde'))!;
      const pdf = new Uint8Array(cert.body);
      return { text, html, certificate: await pdfText(pdf), pages: await poppler('pdfinfo', pdf) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no acceptance e-mail');
}

async function serverWith(engine: (typeof engines)[number], env: Record<string, string>) {
  const smtp = await startSmtpPeer();
  const s = await startTestServer({
    engine,
    clock: fixedClock(testNow),
    processing: true,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example', ...env },
  });
  return { s, smtp };
}

describe.each(engines)('one operator on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    ({ s, smtp } = await serverWith(engine, hamburg));
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('the e-mail, its certificate, the legal page and the API name the configured operator', async () => {
    const cid = await submit(s, 'Mustermann');
    expect((await poll(s, cid)).state).toBe('accepted');
    const m = await acceptance(smtp);
    const line = 'Kautionsschutz Nord GmbH · Elbchaussee 1 · 20095 Hamburg';
    // the same letterhead line in the e-mail's signature and on the certificate
    expect(m.text).toContain(line);
    expect(m.text).toContain('E-Mail: service@kautionsschutz-nord.example · Telefon: 040 555 000');
    expect(m.html).toContain('Kautionsschutz Nord GmbH · Elbchaussee 1');
    expect(m.certificate).toContain(line);
    expect(m.certificate).toContain('Hamburg, den 02.03.2026');
    expect(m.certificate).not.toContain('Berlin, den');
    expect(m.certificate).toContain('Amtsgericht Hamburg HRB 12345');
    expect(m.pages).toMatch(/Pages:\s+1\n/);
    for (const t of [m.text, m.html, m.certificate]) expect(t).not.toMatch(invented);
    const imprint = await call(s.url, 'GET', '/api/legal/impressum');
    expect(JSON.stringify(imprint.body)).toContain('Kautionsschutz Nord GmbH');
    expect(JSON.stringify(imprint.body)).not.toMatch(invented);
  });
});

describe('one operator with nothing configured', () => {
  let s: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    ({ s, smtp } = await serverWith('pglite', {}));
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('the e-mail and the certificate carry the same marked placeholders, on one page', async () => {
    const cid = await submit(s, 'Mustermann');
    expect((await poll(s, cid)).state).toBe('accepted');
    const m = await acceptance(smtp);
    for (const marked of [fallbackOperator.name, fallbackOperator.email]) {
      expect(m.text).toContain(marked);
      expect(m.certificate).toContain(marked);
    }
    expect(m.text).toContain(fallbackOperator.phone);
    expect(m.certificate).toContain(`${fallbackOperator.zipCity}, den 02.03.2026`);
    expect(m.pages).toMatch(/Pages:\s+1\n/);
    for (const t of [m.text, m.html, m.certificate]) expect(t).not.toMatch(invented);
  });
});
