import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { acceptedContract, eventsOf, mailTo, statusOf, subjectsTo } from './testing/afterSale';

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
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example' },
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
});
