import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock } from '../clock';
import { contractCredentials, verificationUrl } from '../contracts/credentials';
import { pdfText } from '../documents/testing/pdfText';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { poll, submit } from '../processing/testing/http';
import { staffWithSession } from './testing/staffSession';

/**
 * The release code reaches the landlord only through the back office's letter (ADR 1119): the
 * code is read from the printed batch, not computed here, and it must release the guarantee.
 */
describe.each(engines)('the release code letter on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  let cookie: string;

  beforeAll(async () => {
    s = await startTestServer({ engine, clock, processing: true });
    cookie = (await staffWithSession(s.db, { role: 'staff', name: 'Pia Post', now: clock.now() }))
      .cookie;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const queue = async () =>
    (await call(s.url, 'GET', '/api/staff/queues/letters', undefined, { headers: { cookie } })).body
      .items as Array<{ id: string; contractNumber: string; kind: string; recipient: string }>;

  it('accepted → letter queued → batch PDF carries the code → the code releases → posted', async () => {
    const cid = await submit(s, 'Mustermann');
    const { orderId: number, state } = await poll(s, cid);
    expect(state).toBe('accepted');
    const appId = (
      await s.db.executeSql('SELECT application_id FROM contracts WHERE contract_number = $1', [
        number,
      ])
    ).rows[0]!.application_id as string;

    const queued = (await queue()).filter((l) => l.contractNumber === number);
    expect(queued).toMatchObject([{ kind: 'release_code', recipient: 'landlord' }]);

    const res = await fetch(`${s.url}/api/staff/letters.pdf`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const ids = res.headers.get('x-letter-ids')!.split(',');
    expect(ids).toContain(queued[0]!.id);
    const pdf = new Uint8Array(await res.arrayBuffer());
    if (process.env.SHOTS_DIR)
      writeFileSync(join(process.env.SHOTS_DIR, `letters-${engine}.pdf`), pdf);
    const text = await pdfText(pdf);
    const printed = new RegExp(
      `Freigabecode für die Mietkautionsbürgschaft ${number}: (\\w{8})`,
    ).exec(text);
    expect(printed).not.toBeNull();
    const code = printed![1]!;
    const { verificationToken, releaseCode: certificateCode } = contractCredentials(
      s.config.serverSecret,
      appId,
    );
    expect(code).not.toBe(certificateCode);
    expect(text).toContain(verificationUrl(s.config.publicUrl, verificationToken));
    expect(text).toContain('Erika Vermieterin');
    expect(text).toContain('Ihr Mieter kennt ihn nicht. Geben Sie ihn nicht weiter');
    expect(text).toContain('So geben Sie die Bürgschaft frei');

    const release = (c: string) =>
      call(s.url, 'POST', `/api/contracts/verification/${verificationToken}/release`, { code: c });
    expect((await release(certificateCode)).status).not.toBe(200);
    // typed as a landlord might: lower case, with a space
    const released = await release(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    expect(released.status).toBe(200);
    const row = (
      await s.db.executeSql('SELECT status FROM contracts WHERE application_id = $1', [appId])
    ).rows[0]!;
    expect(row.status).toBe('released');

    const posted = await call(
      s.url,
      'POST',
      '/api/staff/letters/posted',
      { ids },
      { headers: { cookie, origin: s.url } },
    );
    expect(posted.status).toBe(200);
    expect(posted.body.posted).toBe(ids.length);
    // What is left for this contract is the confirmation of the release.
    expect((await queue()).filter((l) => l.contractNumber === number).map((l) => l.kind)).toEqual([
      'released',
    ]);
  }, 90_000);
});
