import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';
import { signerKeyFromP12 } from '../documents/cadesSigner';
import type { SealIdentity } from '../documents/seal';
import { pdfPageTexts } from '../documents/testing/pdfText';
import { poppler, popplerComplaints, sealKeyOf } from '../documents/testing/pdfTools';
import { PartnerKeyService } from '../partnerApi/keys';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '../testing/webhookReceiver';
import { sandboxTexts } from '../texts/sandbox';
import { partnerBody } from '../../domain/wire/testing/partnerBody';

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
const spki = (identity: SealIdentity) =>
  createPublicKey(signerKeyFromP12(identity.p12, identity.passphrase).key).export({
    type: 'spki',
    format: 'der',
  });

/**
 * Issue 28 item 4 (ADR 1130, 1131): what a sandbox key makes is a marked specimen sealed with the
 * test seal, /pruefen never calls it "gültig", its letters are marked; a key edits only its own
 * partner's applications.
 */
describe.each(engines)('sandbox specimens and partner ownership on %s', (engine) => {
  let s: TestServer;
  let keys: PartnerKeyService;
  const clock = fixedClock(testNow);
  const key = async (partner: string, sandbox: boolean) =>
    (await keys.create(partner, { sandbox })).key;

  /** A partner submission (Mustermann: accepted), decided; its id and documents. */
  async function decided(apiKey: string) {
    const r = await call(s.url, 'POST', '/api/tenancies', partnerBody(), bearer(apiKey));
    expect(r.body.state).toBe('submitted');
    const id = r.body.applicationId as string;
    let state = '';
    await waitFor(async () => {
      state = (await call(s.url, 'GET', `/api/application/state/${r.body.cid}`)).body.state;
      return !['submitted', 'created'].includes(state);
    });
    expect(state).toBe('accepted');
    const docs = await s.db.executeSql(
      'SELECT kind, content FROM documents WHERE application_id = $1::uuid ORDER BY kind',
      [id],
    );
    return {
      id,
      documents: docs.rows.map((d) => ({
        kind: d.kind as string,
        pdf: new Uint8Array(d.content as Uint8Array),
      })),
    };
  }

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    keys = new PartnerKeyService(s.db, clock);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a sandbox contract: every page of every PDF marked, sealed only with the test seal', async () => {
    const { id, documents } = await decided(await key('IMMO1', true));
    expect(documents.map((d) => d.kind)).toEqual(['certificate', 'policy']);
    const stored = await s.db.executeSql(
      `SELECT key, value FROM server_settings WHERE key LIKE 'sandbox_seal%' ORDER BY key`,
    );
    expect(stored.rows.map((r) => r.key)).toEqual([
      'sandbox_seal_p12',
      'sandbox_seal_p12_passphrase',
    ]);
    const testSeal: SealIdentity = {
      p12: Buffer.from(stored.rows[0]!.value as string, 'base64'),
      passphrase: stored.rows[1]!.value as string,
    };
    const operatorSeal = s.config.sealIdentity!;
    expect(spki(testSeal).equals(spki(operatorSeal))).toBe(false);

    for (const { kind, pdf } of documents) {
      const pages = await pdfPageTexts(pdf);
      expect(pages.length, kind).toBeGreaterThanOrEqual(1);
      for (const [i, page] of pages.entries())
        expect(page, `${kind} page ${i + 1}`).toContain(sandboxTexts.mark);
      const report = await poppler('pdfsig', pdf);
      expect(report, kind).toContain('Signature Validation: Signature is Valid.');
      expect(report, kind).toContain('Testsiegel MUSTER (Sandbox)');
      expect(report, kind).not.toContain('(TEST) – elektronisches Siegel');
      // The key in the signature is the test seal's, never the operator's.
      const signedWith = sealKeyOf(pdf);
      expect(signedWith.equals(spki(testSeal)), kind).toBe(true);
      expect(signedWith.equals(spki(operatorSeal)), kind).toBe(false);
      for (const tool of ['pdfinfo', 'pdfsig'] as const)
        expect(await popplerComplaints(tool, pdf), `${kind} ${tool}`).toBe('');
    }

    // /pruefen: a notice and never "gültig" (the page reads `sandbox`); the API says so.
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    // The code of the landlord's letter (ADR 1119), not the certificate's.
    const releaseCode = landlordReleaseCode(s.config.serverSecret, id);
    const v = await call(s.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(v.status).toBe(200);
    expect(v.body.sandbox).toBe(true);

    // The landlord's letter of a sandbox contract is marked.
    const released = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: releaseCode },
    );
    expect(released.status).toBe(200);
    const letters = await s.db.executeSql(
      'SELECT kind, sandbox FROM contract_letters WHERE application_id = $1::uuid ORDER BY kind',
      [id],
    );
    expect(letters.rows).toEqual([
      { kind: 'release_code', sandbox: true },
      { kind: 'released', sandbox: true },
    ]);
  });

  it('a live contract: no mark, the operator seal, no sandbox flag', async () => {
    const { id, documents } = await decided(await key('IMMO1', false));
    for (const { kind, pdf } of documents) {
      for (const page of await pdfPageTexts(pdf)) expect(page, kind).not.toContain('MUSTER');
      expect(sealKeyOf(pdf).equals(spki(s.config.sealIdentity!)), kind).toBe(true);
      expect(await popplerComplaints('pdfsig', pdf), kind).toBe('');
    }
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const v = await call(s.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(v.body.sandbox).toBeUndefined();
    expect(v.body.status).toBe('active');
  });

  it('a key cannot take over a browser draft or a sandbox test of another partner', async () => {
    const live = await key('IMMO1', false);
    const otherSandbox = await key('PORTAL', true);
    const patch = (cid: string, apiKey: string) =>
      call(s.url, 'PATCH', `/api/tenancies?cid=${cid}&step=start`, {}, bearer(apiKey));

    // A browser draft without a partner, and one begun under another partner's code.
    const plain = await call(s.url, 'POST', '/api/tenancies?step=start', {});
    const portals = await call(s.url, 'POST', '/api/tenancies?step=start', {
      partnerCode: 'PORTAL',
    });
    for (const draft of [plain, portals]) {
      const r = await patch(draft.body.cid, live);
      expect(r.status).toBe(409);
      expect(r.body.errors[0].code).toBe('foreign_application');
    }
    // The draft keeps its partner: nothing of the refused calls was written.
    const loaded = await call(s.url, 'GET', `/api/tenancies?cid=${portals.body.cid}`);
    expect(loaded.body.data.partnerCode).toBe('PORTAL');

    // Another partner's sandbox test, by a sandbox key of IMMO1.
    const theirs = await call(s.url, 'POST', '/api/tenancies?step=start', {}, bearer(otherSandbox));
    expect(theirs.status).toBe(200);
    const taken = await patch(theirs.body.cid, await key('IMMO1', true));
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe('foreign_application');

    // Their own: a draft begun under IMMO1's code, and their own key's application, stay editable.
    const ours = await call(s.url, 'POST', '/api/tenancies?step=start', { partnerCode: 'IMMO1' });
    expect((await patch(ours.body.cid, live)).status).toBe(200);
    expect((await patch(theirs.body.cid, otherSandbox)).status).toBe(200);
  });
});
