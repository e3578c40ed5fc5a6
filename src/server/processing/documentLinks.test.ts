import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { applications } from '../db/schema/index';
import { contractCredentials, firstMandateReferenceOf } from '../contracts/credentials';
import { pdfText } from '../documents/testing/pdfText';
import { poppler } from '../documents/testing/pdfTools';
import { leaves, parseMime } from '../mail/testing/mime';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { poll, reserve, submit } from './testing/http';
import { de } from '../../domain/index';
import { fallbackOperator } from '../documents/index';

const publicUrl = 'https://antrag.example';
/** A configured operator (OPERATOR_*): every document must name it, not the built-in example. */
const operatorEnv = {
  OPERATOR_NAME: 'Kautionsschutz Muster GmbH',
  OPERATOR_STREET: 'Musterweg 5',
  OPERATOR_ZIP_CITY: '10115 Berlin',
  OPERATOR_EMAIL: 'service@kautionsschutz.example',
  OPERATOR_REGISTER: 'Amtsgericht Charlottenburg HRB 99999',
};

describe.each(engines)('contract documents through expiring links on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  let cid: string;
  let st: Awaited<ReturnType<typeof poll>>;
  const get = (path: string, init?: RequestInit) => fetch(`${s.url}${path}`, init);
  /** The first mandate's reference, the one the check step named (ADR 0832). */
  const referenceOf = async (orderId: string) =>
    firstMandateReferenceOf(
      (await s.db.orm.select().from(applications).where(eq(applications.orderId, orderId)))[0]!.id,
    );

  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { PUBLIC_URL: publicUrl, ...operatorEnv },
    });
    cid = await submit(s, 'Mustermann');
    st = await poll(s, cid);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the order status lists the documents with signed links that end after an hour', () => {
    expect(st.state).toBe('accepted');
    expect(st.documents!.map((d) => d.kind)).toEqual([
      'certificate',
      'policy',
      'versicherungsbedingungen',
      'verbraucherinformationen',
      'widerrufsbelehrung',
    ]);
    const [certificate, policy, conditions] = st.documents!;
    expect(certificate!.title).toBe('Bürgschaftsurkunde');
    expect(certificate!.url).toMatch(
      /^\/api\/documents\/[0-9a-f-]{36}\/certificate\.pdf\?expires=\d+&signature=[\w-]{43}$/,
    );
    expect(certificate!.url).not.toContain(cid);
    expect(certificate!.expiresAt).toBe(new Date(clock.now().getTime() + 3_600_000).toISOString());
    expect(policy!.url).toContain('/policy.pdf?');
    expect(conditions).toEqual({
      kind: 'versicherungsbedingungen',
      title: 'Versicherungsbedingungen',
      url: '/api/legal/versicherungsbedingungen.pdf',
    });
  });

  it('the certificate behind its link is sealed, tagged and carries the verification link, no release code', async () => {
    const r = await get(st.documents![0]!.url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const pdf = new Uint8Array(await r.arrayBuffer());
    expect(await poppler('pdfsig', pdf)).toContain('Signature Validation: Signature is Valid.');
    expect(await poppler('pdfinfo', pdf)).toMatch(/Tagged:\s+yes/);
    const app = (
      await s.db.orm.select().from(applications).where(eq(applications.orderId, st.orderId))
    )[0]!;
    // the token and code the contract row keeps hashed (ADR 0924)
    const v = contractCredentials(s.config.serverSecret, app.id);
    expect(v.verificationToken).toMatch(/^[\w-]{22}$/);
    const text = await pdfText(pdf);
    expect(text.replace(/\s/g, '')).toContain(`${publicUrl}/pruefen/${v.verificationToken}`);
    // no release code on the tenant's certificate: the landlord gets it by letter (ADR 1119)
    expect(text).not.toContain(v.releaseCode);
    expect(text).not.toContain('Freigabecode:');
    expect(text.replace(/\s+/g, ' ')).toContain('Der Freigabecode steht nicht auf dieser Urkunde.');
    expect(text).toContain('Kautionsschutz Muster GmbH · Musterweg 5 · 10115 Berlin');
    expect(text).not.toContain(fallbackOperator.name);
  });

  it('the policy names the mandate reference, the creditor id and the first debit', async () => {
    const r = await get(st.documents![1]!.url);
    expect(r.status).toBe(200);
    const text = await pdfText(new Uint8Array(await r.arrayBuffer()));
    expect(text).toContain(`Mandatsreferenz ${await referenceOf(st.orderId)}`);
    expect(text).toContain('DE98ZZZ09999999999');
    // submitted Monday 2 March 2026 -> first debit 14 days later, Monday 16 March
    expect(text).toContain('ziehen wir am 16.03.2026');
  });

  it('a changed link is refused (403), an expired one is gone (410), each with a German message', async () => {
    const url = st.documents![0]!.url;
    const forged = url.replace(/signature=./, (m) =>
      m.endsWith('A') ? 'signature=B' : 'signature=A',
    );
    const r1 = await get(forged);
    expect(r1.status).toBe(403);
    expect((await r1.json()).errors[0]).toEqual({
      code: 'invalid_link',
      message: de.ui.documents.linkInvalid,
    });
    // the certificate's signature does not open the policy
    expect((await get(url.replace('/certificate.pdf', '/policy.pdf'))).status).toBe(403);
    // a later expiry with the old signature is refused too
    expect((await get(url.replace(/expires=\d+/, 'expires=9999999999'))).status).toBe(403);
    clock.advance(3_600_000);
    const r2 = await get(url);
    expect(r2.status).toBe(410);
    expect((await r2.json()).errors[0]).toEqual({
      code: 'link_expired',
      message: de.ui.documents.linkExpired,
    });
    clock.set(testNow);
  });

  it('the cid path redirects to a fresh signed link instead of sending the file', async () => {
    const r = await get(`/api/tenancies/${cid}/certificate.pdf`, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toMatch(
      /^\/api\/documents\/[0-9a-f-]{36}\/certificate\.pdf\?/,
    );

    // The OpenAPI document and the integrators' guide say so (issue 27: the guide's curl without
    // -L saved the empty 303 body as urkunde.pdf).
    const doc = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    const answers = doc.paths['/api/tenancies/{cid}/certificate.pdf']!.get.responses;
    expect(Object.keys(answers)).toContain('303');
    expect(Object.keys(answers)).not.toContain('200');
    const guide = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
    const line = guide.split('\n').find((l) => l.includes('-o urkunde.pdf'))!;
    const args = line
      .replace(/^curl\s+/, '')
      .replace(
        /"\$BASE\/api\/tenancies\/\$CID\/certificate\.pdf"/,
        `${s.url}/api/tenancies/${cid}/certificate.pdf`,
      )
      .split(/\s+/);
    const dir = mkdtempSync(join(tmpdir(), 'guide-curl-'));
    try {
      // async: the server answers in this same process
      await promisify(execFile)('curl', args, { cwd: dir, timeout: 20_000 });
      const pdf = readFileSync(join(dir, 'urkunde.pdf'));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the Sofortzusage names the configured operator, not the built-in example', async () => {
    const r = await reserve(s, 'Reserviert');
    expect(r.state).toBe('accepted');
    const pdf = await get(`/api/tenancies/${r.cid}/reservation.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(r.orderId);
    for (const phrase of [
      'Kautionsschutz Muster GmbH · Musterweg 5 · 10115 Berlin',
      'Kautionsschutz Muster GmbH bestätigt, dass sie für Herrn Max Reserviert',
      'Amtsgericht Charlottenburg HRB 99999',
    ])
      expect(text).toContain(phrase);
    expect(text).not.toContain(fallbackOperator.name);
  });

  it('the legal texts are public, sealed and tagged PDFs; unknown names are 404', async () => {
    for (const slug of [
      'versicherungsbedingungen',
      'verbraucherinformationen',
      'widerrufsbelehrung',
    ]) {
      const r = await get(`/api/legal/${slug}.pdf`);
      expect(r.status, slug).toBe(200);
      const pdf = new Uint8Array(await r.arrayBuffer());
      expect(await poppler('pdfsig', pdf)).toContain('Signature Validation: Signature is Valid.');
      expect(await poppler('pdfinfo', pdf)).toMatch(/Tagged:\s+yes/);
    }
    expect((await get('/api/legal/impressum.pdf')).status).toBe(404);
  });

  it('the acceptance e-mail attaches all five documents and links them; the links work', async () => {
    const outbox = join(s.config.dataDir, 'outbox');
    const file = readdirSync(outbox).find((f) => f.startsWith('contract-accepted.'))!;
    // five PDFs of 30-60 KB each, base64: the whole e-mail stays well under a megabyte
    expect(statSync(join(outbox, file)).size).toBeLessThan(600_000);
    const mail = parseMime(readFileSync(join(outbox, file)));
    const names = leaves(mail)
      .filter((p) => p.contentType === 'application/pdf')
      .map((p) => p.filename)
      .sort();
    expect(names).toEqual(
      [
        `Buergschaftsurkunde-${st.orderId}.pdf`,
        'Verbraucherinformationen.pdf',
        'Versicherungsbedingungen.pdf',
        `Versicherungsschein-${st.orderId}.pdf`,
        'Widerrufsbelehrung.pdf',
      ].sort(),
    );
    const text = leaves(mail)
      .find((p) => p.contentType === 'text/plain')!
      .body.toString('utf8');
    expect(text).toContain(`Versicherungsschein (Versicherungsschein-${st.orderId}.pdf)`);
    expect(text).toContain('Schaltfläche „Vertrag widerrufen“');
    expect(text).toContain(`${publicUrl}/widerruf?link=`);
    expect(text).toContain('gelten bis zum 01.04.2026'); // 30 days (DOCUMENT_LINK_DAYS)
    expect(text).toContain(`Mandatsreferenz ${await referenceOf(st.orderId)}`);
    const link = new RegExp(`${publicUrl}(/api/documents/\\S+/policy\\.pdf\\S+)`).exec(text)![1]!;
    expect((await get(link)).status).toBe(200);
    expect(text).not.toContain(cid);
  });
});
