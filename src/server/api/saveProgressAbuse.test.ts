import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, ConfigError } from '../config';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

/** POST with a chosen Host header (fetch does not let a caller set it). */
function postWithHost(url: string, path: string, host: string, body: object) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'x-forwarded-host': host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Issue 15 item 5: "Später fortfahren" is no phishing relay. The link comes from PUBLIC_URL only,
 * mails are limited per client and per recipient, and a recipient refused for good (SMTP 550) is
 * not retried and the answer says the mail was not sent. A real SMTP peer receives the mails.
 */
describe('save-progress mail: public URL only, limits, permanent rejections', () => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const newCid = async () =>
    (
      await call(s.url, 'POST', '/api/tenancies?step=start', {
        rentalObject: { rentalContract: { deposit: '1000', isExisting: 'false' } },
      })
    ).body.cid as string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine: 'pglite',
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://antrag.example.de/',
        SAVE_PROGRESS_MAILS_PER_ADDRESS: '2',
        SAVE_PROGRESS_MAILS_PER_CLIENT: '4',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    const cid = await newCid();
    const r = await postWithHost(s.url, '/api/saveprogress', 'evil.example', {
      cid,
      step: 'tenant',
      email: 'one@example.org',
    });
    expect(r.body).toMatchObject({ errors: {}, sent: true });
    const raw = smtp.received
      .at(-1)!
      .raw.toString('utf8')
      .replace(/=\r?\n/g, '');
    expect(raw).toMatch(/https:\/\/antrag\.example\.de\/tenant\?cid=(3D)?/);
    expect(raw).not.toContain('evil.example');
  });

  it('limits mails per recipient address and per client', async () => {
    const cid = await newCid();
    const send = (email: string) =>
      call(s.url, 'POST', '/api/saveprogress', { cid, step: 'start', email });
    expect((await send('two@example.org')).status).toBe(200);
    expect((await send('TWO@example.org ')).status).toBe(200);
    const third = await send('two@example.org');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.body.sent).toBe(false);
    expect(third.body.errors.email.message).toEqual([
      'Es wurden gerade zu viele E-Mails angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
    ]);
    // This client has asked for 1 + 3 mails: the fifth, to a fresh address, is refused too.
    expect((await send('three@example.org')).status).toBe(429);
    const before = smtp.received.length;
    expect((await send('four@example.org')).status).toBe(429);
    expect(smtp.received.length).toBe(before);
  });

  it('a recipient refused with 550 is not retried and the answer says not sent', async () => {
    smtp.rejectRecipient('nobody@example.org');
    const r = await call(
      s.url,
      'POST',
      '/api/saveprogress',
      { cid: await newCid(), step: 'start', email: 'nobody@example.org' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(r.status).toBe(200);
    expect(r.body.sent).toBe(false);
    expect(r.body.errors.email.message).toEqual([
      'An diese E-Mail-Adresse können wir nicht zustellen: Der Mailserver hat sie abgelehnt. Bitte prüfen Sie die Adresse.',
    ]);
    const spool = join(s.config.dataDir, 'mail-spool');
    const spooled = (() => {
      try {
        return readdirSync(spool).filter((f) => f.endsWith('.json'));
      } catch {
        return [];
      }
    })();
    expect(spooled).toEqual([]);
    expect(smtp.rejectedAttempts.get('nobody@example.org')).toBe(1);
  });

  it('refuses to start in production without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required/);
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4100' }).publicUrl).toBe(
      'http://localhost:4100',
    );
  });
});
