import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { acceptedContract, eventsOf, mailTo, statusOf, subjectsTo } from './testing/afterSale';
import { contractCredentials, landlordReleaseCode } from './credentials';
import { contractLetters, documents } from '../db/schema/index';
import { pdfText } from '../documents/testing/pdfText';
import { and, eq } from 'drizzle-orm';

// Attack tests of issue 28 against the real server on both engines: nobody acts on a contract
// that is not theirs.

const VICTIM = 'victim.tenant@example.org';
const ATTACKER = 'attacker@evil.example';
const DAY = 86_400_000;

describe.each(engines)('contract attacks on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow); // 2026-03-02 10:00 in Berlin
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('a number scan with a known e-mail withdraws nothing and sends nothing to a foreign address', async () => {
    const victim = await acceptedContract(s, VICTIM);
    const other = await acceptedContract(s);
    const seq = Number(victim.number.slice(-6));
    const numbers = Array.from(
      { length: 14 },
      (_, i) => `MK-2026-${String(Math.max(1, seq - 7) + i).padStart(6, '0')}`,
    );
    expect(numbers).toContain(victim.number);
    const answers = [];
    for (const contractNumber of numbers) {
      const r = await call(s.url, 'POST', '/api/contracts/withdrawal', {
        contractNumber,
        email: VICTIM,
        confirmationEmail: ATTACKER,
      });
      expect(r.status).toBe(200);
      answers.push(Object.keys(r.body).sort().join(','));
      expect(r.body.next).toBe('confirm_by_email');
    }
    expect(new Set(answers).size).toBe(1);
    // the victim's own mail only (a link to confirm), never the attacker's address
    await mailTo(smtp, VICTIM, `Bitte bestätigen Sie Ihren Widerruf – Vertrag ${victim.number}`);
    expect(await statusOf(s, victim.id)).toBe('active');
    expect(await statusOf(s, other.id)).toBe('active');
    expect(smtp.received.filter((m) => m.to.includes(ATTACKER))).toEqual([]);
    const toVictim = subjectsTo(smtp, VICTIM).filter((x) => x.includes('Widerruf'));
    expect(toVictim).toEqual([`Bitte bestätigen Sie Ihren Widerruf – Vertrag ${victim.number}`]);
  });

  it('the statement keeps its time of receipt; it takes effect on confirmation by the stored address', async () => {
    const { number, id } = await acceptedContract(s, 'late.tenant@example.org');
    clock.set('2026-03-16T21:59:30Z'); // 22:59:30 in Berlin on the last day of the period
    const declared = await call(s.url, 'POST', '/api/contracts/withdrawal', {
      contractNumber: number,
      email: 'late.tenant@example.org',
    });
    expect(declared.body.receivedAtText).toBe('16.03.2026 um 22:59:30 Uhr');
    const ask = await mailTo(smtp, 'late.tenant@example.org', 'Bitte bestätigen Sie');
    const token = /widerruf\?confirm=([\w-]+)/.exec(ask.text)![1]!;
    // an access token or a made-up one is no confirmation
    expect(
      (await call(s.url, 'POST', '/api/contracts/withdrawal/confirm', { token: 'A'.repeat(43) }))
        .status,
    ).toBe(404);
    clock.advance(3 * DAY); // confirmed after the period: the statement's time counts
    expect(await statusOf(s, id)).toBe('active');
    const done = await call(s.url, 'POST', '/api/contracts/withdrawal/confirm', { token });
    expect(done.body).toMatchObject({
      applied: true,
      receivedAtText: '16.03.2026 um 22:59:30 Uhr',
    });
    expect(await statusOf(s, id)).toBe('withdrawn');
    const withdrawn = (await eventsOf(s, id)).find((e) => e.type === 'withdrawn')!;
    expect(withdrawn.at.toISOString()).toBe('2026-03-16T21:59:30.000Z');
    expect(
      (await mailTo(smtp, 'late.tenant@example.org', 'Bestätigung Ihres Widerrufs')).text,
    ).toContain('am 16.03.2026 um 22:59:30 Uhr (deutsche Zeit)');
    clock.set(testNow);
  });

  it('a sandbox number is accepted at /widerruf', async () => {
    const r = await call(s.url, 'POST', '/api/contracts/withdrawal', {
      contractNumber: 'test-mk-2026-000001',
      email: VICTIM,
    });
    expect(r.status).toBe(200);
    expect(r.body.next).toBe('confirm_by_email');
  });

  it('magic-link mails per recipient are limited; requests per client answer 429; the answer stays the same', async () => {
    const { number } = await acceptedContract(s, 'flooded@example.org');
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        await call(
          s.url,
          'POST',
          '/api/contracts/access',
          { contractNumber: number, email: 'flooded@example.org' },
          { headers: from },
        ),
      );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    await mailTo(smtp, 'flooded@example.org', `Ihr Zugang zu Vertrag ${number}`);
    await new Promise((r) => setTimeout(r, 500)); // the mails go out after the answers
    const access = subjectsTo(smtp, 'flooded@example.org').filter((x) => x.includes('Zugang'));
    expect(access.length).toBe(5); // CONTRACT_MAILS_PER_ADDRESS
    const over = await call(
      s.url,
      'POST',
      '/api/contracts/access',
      { contractNumber: number, email: 'x@example.org' },
      { headers: from },
    );
    expect(over.status).toBe(429); // CONTRACT_REQUESTS_PER_CLIENT (20) of this client
    expect(over.body.errors[0].message).toMatch(/^Zu viele Anfragen von Ihrem Anschluss/);
    // another client is not affected, the recipient's limit still holds
    const other = await call(
      s.url,
      'POST',
      '/api/contracts/withdrawal',
      { contractNumber: number, email: 'flooded@example.org' },
      { headers: { 'x-forwarded-for': '198.51.100.8' } },
    );
    expect(other.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      subjectsTo(smtp, 'flooded@example.org').some((x) => x.includes('Bitte bestätigen')),
    ).toBe(false);
    // the window ends: mails go out again
    clock.advance(61 * 60_000);
    await call(
      s.url,
      'POST',
      '/api/contracts/access',
      { contractNumber: number, email: 'flooded@example.org' },
      { headers: from },
    );
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 50; i++) {
      if (subjectsTo(smtp, 'flooded@example.org').filter((x) => x.includes('Zugang')).length > 5)
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(subjectsTo(smtp, 'flooded@example.org').filter((x) => x.includes('Zugang')).length).toBe(
      6,
    );
    clock.set(testNow);
  });

  it('wrong release codes lock per contract for an hour, not for good: the landlord releases afterwards', async () => {
    const { id } = await acceptedContract(s);
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const releaseCode = landlordReleaseCode(s.config.serverSecret, id);
    const path = `/api/contracts/verification/${verificationToken}/release`;
    for (let i = 0; i < 10; i++) {
      const r = await call(
        s.url,
        'POST',
        path,
        { code: 'ZZZZZZZZ' },
        {
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        },
      );
      expect(r.status).toBe(400);
    }
    const landlord = { headers: { 'x-forwarded-for': '192.0.2.99' } };
    const locked = await call(s.url, 'POST', path, { code: releaseCode }, landlord);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].message).toContain('in 60 Minuten erneut');
    expect(await statusOf(s, id)).toBe('active');
    clock.advance(60 * 60_000 + 1000);
    const ok = await call(s.url, 'POST', path, { code: releaseCode }, landlord);
    expect(ok.status).toBe(200);
    expect(await statusOf(s, id)).toBe('released');
    clock.set(testNow);
  });

  it("the tenant's own code (from the certificate) cannot end the guarantee; the landlord's letter code does", async () => {
    const { id } = await acceptedContract(s);
    const printed = contractCredentials(s.config.serverSecret, id);
    // What the tenant holds: the certificate PDF (from the documents the e-mail carried)
    const certificate = async () =>
      (
        await s.db.orm
          .select()
          .from(documents)
          .where(and(eq(documents.applicationId, id), eq(documents.kind, 'certificate')))
      )[0];
    for (let i = 0; i < 100 && !(await certificate()); i++)
      await new Promise((r) => setTimeout(r, 100));
    const cert = (await certificate())!;
    const text = await pdfText(new Uint8Array(cert.content));
    expect(text).not.toContain(printed.releaseCode);
    expect(text.replace(/\s+/g, ' ')).toContain('Der Freigabecode steht nicht auf dieser Urkunde.');
    const path = `/api/contracts/verification/${printed.verificationToken}/release`;
    const own = await call(s.url, 'POST', path, { code: printed.releaseCode });
    expect(own.status).toBe(400);
    expect(own.body.errors[0].code).toBe('wrong_code');
    expect(await statusOf(s, id)).toBe('active');
    // The letter to the landlord's address on record carries the code that works.
    const letters = await s.db.orm
      .select()
      .from(contractLetters)
      .where(eq(contractLetters.applicationId, id));
    expect(letters.map((l) => `${l.recipient}:${l.kind}`)).toEqual(['landlord:release_code']);
    const landlord = await call(s.url, 'POST', path, {
      code: landlordReleaseCode(s.config.serverSecret, id),
    });
    expect(landlord.status).toBe(200);
    expect(await statusOf(s, id)).toBe('released');
    const released = (await eventsOf(s, id)).find((e) => e.type === 'released')!;
    expect(released.actor).toBe('landlord');
  });

  it('logout revokes the session on the server: the old cookie opens nothing afterwards', async () => {
    const { number } = await acceptedContract(s, 'logout@example.org');
    await call(
      s.url,
      'POST',
      '/api/contracts/access',
      { contractNumber: number, email: 'logout@example.org' },
      { headers: { 'x-forwarded-for': '198.51.100.30' } },
    );
    const link = /\/vertrag\?token=([\w-]+)/.exec(
      (await mailTo(smtp, 'logout@example.org', `Ihr Zugang zu Vertrag ${number}`)).text,
    )![1]!;
    const open = await call(s.url, 'POST', '/api/contracts/session', { token: link });
    const headers = { cookie: open.headers.get('set-cookie')!.split(';')[0]! };
    expect((await call(s.url, 'GET', '/api/contracts/me', undefined, { headers })).status).toBe(
      200,
    );
    const out = await call(s.url, 'DELETE', '/api/contracts/session', undefined, { headers });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    // Someone who kept the cookie (a copied header, another tab) is refused everywhere.
    const me = await call(s.url, 'GET', '/api/contracts/me', undefined, { headers });
    expect(me.status).toBe(401);
    const change = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'DE02120300000000202051' },
      { headers },
    );
    expect(change.status).toBe(401);
    const withdraw = await call(s.url, 'POST', '/api/contracts/me/withdrawal', {}, { headers });
    expect(withdraw.status).toBe(401);
    const doc = await call(s.url, 'GET', '/api/contracts/me/documents/certificate', undefined, {
      headers,
    });
    expect(doc.status).toBe(401);
  });

  it('wrong release codes lock per client across contracts', async () => {
    const a = await acceptedContract(s);
    const b = await acceptedContract(s);
    const guesser = { headers: { 'x-forwarded-for': '203.0.113.200' } };
    for (const c of [a, b, a, b]) {
      const { verificationToken } = contractCredentials(s.config.serverSecret, c.id);
      for (let i = 0; i < 5; i++)
        await call(
          s.url,
          'POST',
          `/api/contracts/verification/${verificationToken}/release`,
          {
            code: 'ZZZZZZZZ',
          },
          guesser,
        );
    }
    const { verificationToken } = contractCredentials(s.config.serverSecret, a.id);
    const r = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      {
        code: 'ZZZZZZZZ',
      },
      guesser,
    );
    expect(r.status).toBe(429);
  });
});

/** Times /api/contracts/access from a separate node process, 200 matching and 200 not. */
async function timeInChild(
  base: string,
  number: string,
  match: string,
  miss: string,
  path = '/api/contracts/access',
) {
  const script = `
    const [base, number, match, miss, path] = process.argv.slice(1);
    // 200 pairs, each a match and a miss in random order: both kinds meet the same moments of
    // a loaded machine (the whole suite runs beside this test), so a burst of other work cannot
    // fall on one kind more than on the other by chance.
    const kinds = Array.from({ length: 200 }, () =>
      Math.random() < 0.5 ? ['match', 'miss'] : ['miss', 'match'],
    ).flat();
    const ask = async (email) => {
      const r = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contractNumber: number, email }),
      });
      await r.text();
      if (r.status !== 202 && r.status !== 200) throw new Error('status ' + r.status);
    };
    (async () => {
      for (let i = 0; i < 20; i++) await ask(i % 2 ? match : miss);
      const times = { match: [], miss: [] };
      for (const k of kinds) {
        const t0 = performance.now();
        await ask(k === 'match' ? match : miss);
        times[k].push(performance.now() - t0);
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-e', script, base, number, match, miss, path],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout) as { match: number[]; miss: number[] };
}

/** Mann-Whitney U: the z score of "a tends to be larger than b" (normal approximation). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort(
    (x, y) => x.v - y.v,
  );
  let rankA = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (all[k]!.g === 0) rankA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankA - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
};

describe.each(engines)('contract access timing on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock: fixedClock(testNow),
      processing: true,
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://antrag.example',
        // every matching request mails, so the matching path does all its work
        CONTRACT_MAILS_PER_ADDRESS: '1000',
        CONTRACT_REQUESTS_PER_CLIENT: '1000',
        RATE_LIMIT_WRITES: '10000',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('matched and unmatched /api/contracts/access take the same time (200 tries each)', async () => {
    const { number } = await acceptedContract(s, 'timed@example.org');
    // The attacker is another process (in this one the server's work after the answer would
    // hold up the client's own event loop): 400 requests in random order, each timed there.
    const times = await timeInChild(s.url, number, 'timed@example.org', 'other@example.org');
    const z = mannWhitneyZ(times.match!, times.miss!);
    const m = median(times.match!);
    const u = median(times.miss!);
    console.log(
      `${engine}: access median matched ${m.toFixed(2)} ms, unmatched ${u.toFixed(2)} ms, Mann-Whitney z ${z.toFixed(2)}`,
    );
    // the matched ones really mailed
    expect(subjectsTo(smtp, 'timed@example.org').length).toBeGreaterThan(100);
    // Same distribution: no rank shift an attacker could use (|z| < 3.3 is p > 0.001 two-sided),
    // and the medians within a fifth of each other.
    expect(Math.abs(z)).toBeLessThan(3.3);
    expect(Math.abs(m - u)).toBeLessThan(0.2 * Math.max(m, u));
  });

  it('matched and unmatched withdrawal statements at /widerruf take the same time (200 tries each)', async () => {
    const { number, id } = await acceptedContract(s, 'timed.withdrawal@example.org');
    const times = await timeInChild(
      s.url,
      number,
      'timed.withdrawal@example.org',
      'other@example.org',
      '/api/contracts/withdrawal',
    );
    const z = mannWhitneyZ(times.match, times.miss);
    const m = median(times.match);
    const u = median(times.miss);
    console.log(
      `${engine}: withdrawal median matched ${m.toFixed(2)} ms, unmatched ${u.toFixed(2)} ms, Mann-Whitney z ${z.toFixed(2)}`,
    );
    expect(await statusOf(s, id)).toBe('active'); // statements only, nothing confirmed
    expect(Math.abs(z)).toBeLessThan(3.3);
    expect(Math.abs(m - u)).toBeLessThan(0.2 * Math.max(m, u));
  });
});
