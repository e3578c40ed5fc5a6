import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { mails } from '../db/schema/index';
import { personas } from '../processing/testing/personas';
import { startHarness } from '../processing/testing/harness';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { fallbackOperator } from '../documents/operator';
import { createMailer, retryPauseMs } from './mailer';
import { saveProgressMail, resumeUrl } from './templates';
import { startSmtpPeer, type SmtpPeer } from './testing/smtp-peer';

const log = pino({ level: 'silent' });
const mailFrom = 'Mietkaution Online <antrag@mietkaution.example>';
const HOUR = 3_600_000;
const message = () => ({
  to: 'mieterin@example.org',
  key: 'save.451',
  ...saveProgressMail({
    resumeUrl: resumeUrl('https://antrag.example', '/landlord', 'abc123'),
    deleteAfterDays: 30,
  }),
});

/**
 * Issue 28 item 7 (ADR 1132): a mail server that answers 451 to everything. Before, the spool
 * retried every 30 s forever, rewrote the file (so the retention purge never saw it old) and the
 * save-progress answer said `sent: true`.
 */
describe('temporary SMTP failures (451) back off and end after MAIL_RETRY_HOURS', () => {
  let peer: SmtpPeer;
  let dataDir: string;
  beforeEach(async () => {
    peer = await startSmtpPeer();
    peer.failNext(1_000_000);
    dataDir = await mkdtemp(join(tmpdir(), 'mk-mail-retry-'));
  });
  afterEach(async () => {
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the pause doubles from 30 s to at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryPauseMs)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      1_920_000,
      HOUR,
      HOUR,
    ]);
  });

  it('the spool retries only when the pause is over, then gives up and keeps a record without content', async () => {
    const clock = fixedClock('2026-03-02T10:00:00Z');
    const mailer = createMailer({
      config: { smtpUrl: peer.url, mailFrom, mailRetryHours: 2, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    const sent = await mailer.send(message());
    expect(sent).toMatchObject({ delivered: false, queued: true });
    expect(peer.attempts).toBe(1);
    const spool = join(dataDir, 'mail-spool');

    // The timer's flush (dueOnly) before the first pause is over tries nothing.
    clock.advance(20_000);
    await mailer.flush({ dueOnly: true });
    expect(peer.attempts).toBe(1);
    clock.advance(11_000); // 31 s: the first pause (30 s) is over
    await mailer.flush({ dueOnly: true });
    expect(peer.attempts).toBe(2);
    clock.advance(30_000); // the second pause is 60 s: not yet
    await mailer.flush({ dueOnly: true });
    expect(peer.attempts).toBe(2);
    clock.advance(31_000);
    await mailer.flush({ dueOnly: true });
    expect(peer.attempts).toBe(3);

    // Ticks every 30 s for the two hours: far fewer tries than 240.
    const start = peer.attempts;
    for (let t = 0; t < 2 * 120 + 2; t++) {
      clock.advance(30_000);
      await mailer.flush({ dueOnly: true });
    }
    const tries = peer.attempts - start;
    expect(tries).toBeGreaterThan(3);
    expect(tries).toBeLessThan(12);

    // Given up: the message is gone from the spool, a record says so, nothing is tried any more.
    expect(await readdir(spool)).toEqual(['save.451.failed.json']);
    const record = JSON.parse(await readFile(join(spool, 'save.451.failed.json'), 'utf8'));
    expect(record).toMatchObject({ key: 'save.451', state: 'given_up', lastResponseCode: 451 });
    expect(JSON.stringify(record)).not.toContain('mieterin@example.org');
    const after = peer.attempts;
    clock.advance(10 * HOUR);
    await mailer.flush({ dueOnly: true });
    await mailer.flush();
    expect(peer.attempts).toBe(after);
    expect(peer.received).toHaveLength(0);
    // and the record goes with the retention like every other mail file
    expect(await mailer.purge(new Date(Date.now() + 31 * 24 * HOUR))).toBe(1);
    expect(await readdir(spool)).toEqual([]);
    await mailer.stop();
  });
});

/**
 * The spool file of a mail exists from before its first delivery (a crash keeps it), so the
 * timer's flush that comes while a slow mail server has not yet answered must leave it alone: under
 * load it sent the tenant's access link a second time (CI, attacks.test.ts: 6 mails, limit 5).
 */
describe('a flush during a slow first delivery', () => {
  it('sends nothing twice (a restarted process still sends what is left: mailer.test.ts)', async () => {
    const peer = await startSmtpPeer();
    const dataDir = await mkdtemp(join(tmpdir(), 'mk-mail-inflight-'));
    try {
      peer.answerAfter(300);
      const clock = fixedClock('2026-03-02T10:00:00Z');
      const config = { smtpUrl: peer.url, mailFrom, operator: fallbackOperator };
      const mailer = createMailer({ config, log, dataDir, clock });
      const sending = mailer.send(message());
      const spool = join(dataDir, 'mail-spool');
      await expect.poll(async () => readdir(spool).catch(() => [])).toEqual(['save.451.json']);
      expect(await mailer.flush({ dueOnly: true })).toBe(0);
      expect(await mailer.flush()).toBe(0);
      expect(await sending).toMatchObject({ delivered: true });
      await new Promise((r) => setTimeout(r, 400)); // a second copy would have arrived by now
      expect(peer.received).toHaveLength(1);
      expect(peer.attempts).toBe(1);
    } finally {
      await peer.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(engines)('a 451 answer on %s', (engine) => {
  let peer: SmtpPeer;
  let s: TestServer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    peer.failNext(1_000_000);
    s = await startTestServer({ engine, env: { SMTP_URL: peer.url } });
  });
  afterAll(async () => {
    await s?.close();
    await peer?.close();
  });

  it('save progress answers sent: false, queued: true (not sent: true)', async () => {
    const created = await call(s.url, 'POST', '/api/tenancies?step=start', {});
    const r = await call(s.url, 'POST', '/api/saveprogress', {
      cid: created.body.cid,
      step: 'start',
      email: 'mieterin@example.org',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ errors: {}, sent: false, queued: true });
    expect(peer.attempts).toBe(1);
  });

  it('an application mail is given up after MAIL_RETRY_HOURS: rejected_at with code 451, no more sweeps', async () => {
    const h = await startHarness(engine, { smtpUrl: peer.url });
    try {
      const { id } = await h.submit(personas[0]!.model, 'contract');
      expect((await h.pollState(id, { intervalMs: 200 })).state).toBe('accepted');
      const row = async () =>
        (await h.db.orm.select().from(mails).where(eq(mails.applicationId, id)))[0]!;
      // Tried and refused for now: still open, the sweep queues it again.
      for (let i = 0; i < 100 && peer.attempts < 3; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect((await row()).rejectedAt).toBeNull();
      expect((await h.processing.runSweep(new Date(h.clock.now().getTime() + HOUR))).mails).toBe(1);
      // Two days later (MAIL_RETRY_HOURS 48): the next try ends it.
      h.clock.advance(48 * HOUR + 1000);
      const tries = peer.attempts;
      await h.processing.runSweep(h.clock.now());
      let ended = await row();
      for (let i = 0; i < 100 && !ended.rejectedAt; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ended = await row();
      }
      expect(peer.attempts).toBeGreaterThan(tries);
      expect(ended.sentAt).toBeNull();
      expect(ended.rejectedAt).not.toBeNull();
      expect(ended.rejectCode).toBe(451);
      expect((await h.processing.runSweep(new Date(h.clock.now().getTime() + HOUR))).mails).toBe(0);
    } finally {
      await h.close();
    }
  });
});
