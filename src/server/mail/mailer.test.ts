import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createMailer } from './mailer';
import { fallbackOperator } from '../documents/operator';
import { saveProgressMail, resumeUrl } from './templates';
import { startSmtpPeer, type SmtpPeer } from './testing/smtp-peer';
import { leaves, parseMime } from './testing/mime';

const log = pino({ level: 'silent' });
const clock = { now: () => new Date('2026-03-02T10:00:00Z') };
const mailFrom = 'Mietkaution Online <antrag@mietkaution.example>';
const pdf = new TextEncoder().encode('%PDF-1.7 fake für den Test');

const message = () => ({
  to: 'mieterin@example.org',
  ...saveProgressMail({
    resumeUrl: resumeUrl('https://antrag.example', '/landlord', 'abc123'),
    deleteAfterDays: 30,
  }),
  attachments: [
    { filename: 'Bürgschaftsurkunde.pdf', content: pdf, contentType: 'application/pdf' },
  ],
});

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mailer-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('mailer without SMTP_URL', () => {
  it('writes an .eml file to DATA_DIR/outbox that a person can open', async () => {
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    expect(mailer.transport).toBe('outbox');
    const sent = await mailer.send(message());
    expect(sent.delivered).toBe(true);
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toEqual([`${sent.key}.eml`]);
    const mail = parseMime(await readFile(join(dataDir, 'outbox', files[0] as string)));
    expect(mail.headers.get('subject')).toBe(
      'Ihr gespeicherter Antrag auf eine Mietkautionsbürgschaft',
    );
    const text = leaves(mail).find((p) => p.contentType === 'text/plain');
    expect(text?.body.toString('utf8')).toContain('https://antrag.example/landlord?cid=abc123');
    expect(text?.body.toString('utf8')).toContain('30 Tage nach der letzten Änderung');
    const att = leaves(mail).find((p) => p.contentType === 'application/pdf');
    expect(att?.filename).toBe('Bürgschaftsurkunde.pdf');
    expect(Buffer.compare(att?.body ?? Buffer.alloc(0), Buffer.from(pdf))).toBe(0);
    // nothing left in the spool
    expect(await readdir(join(dataDir, 'mail-spool'))).toEqual([]);
  });

  it('writes one file for one key however often it is sent', async () => {
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    await mailer.send({ ...message(), key: 'accepted.42' });
    await mailer.deliver({ ...message(), key: 'accepted.42' });
    await mailer.send({ ...message(), key: 'accepted.43' });
    expect((await readdir(join(dataDir, 'outbox'))).sort()).toEqual([
      'accepted.42.eml',
      'accepted.43.eml',
    ]);
  });
});

describe('mailer with SMTP_URL', () => {
  let peer: SmtpPeer;
  beforeEach(async () => {
    peer = await startSmtpPeer();
  });
  afterEach(async () => {
    await peer.close();
  });

  it('delivers to a real SMTP server with UTF-8 subject and the PDF attached', async () => {
    const mailer = createMailer({
      config: { smtpUrl: peer.url, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    const sent = await mailer.send({ ...message(), key: 'save.1' });
    await mailer.stop();
    expect(sent).toMatchObject({ delivered: true, messageId: '<save.1@mietkaution.example>' });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]?.to).toEqual(['mieterin@example.org']);
    expect(peer.received[0]?.from).toBe('antrag@mietkaution.example');
    const mail = parseMime(peer.received[0]?.raw ?? '');
    expect(mail.headers.get('subject')).toContain('Mietkautionsbürgschaft');
    const html = leaves(mail).find((p) => p.contentType === 'text/html');
    expect(html?.body.toString('utf8')).toContain(
      'href="https://antrag.example/landlord?cid=abc123"',
    );
    expect(leaves(mail).some((p) => p.filename === 'Bürgschaftsurkunde.pdf')).toBe(true);
  });

  it('keeps a failed send in the spool and delivers it on the retry', async () => {
    const mailer = createMailer({
      config: { smtpUrl: peer.url, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    peer.failNext(1);
    const sent = await mailer.send(message());
    expect(sent.delivered).toBe(false);
    expect(peer.received).toHaveLength(0);
    expect(await readdir(join(dataDir, 'mail-spool'))).toEqual([`${sent.key}.json`]);
    // a fresh mailer (as after a restart) finds the spooled message
    const again = createMailer({
      config: { smtpUrl: peer.url, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    expect(await again.flush()).toBe(1);
    await again.stop();
    await mailer.stop();
    expect(peer.received).toHaveLength(1);
    expect(await readdir(join(dataDir, 'mail-spool'))).toEqual([]);
  });

  it('deliver() throws when the server refuses, so a job can retry', async () => {
    const mailer = createMailer({
      config: { smtpUrl: peer.url, mailFrom, operator: fallbackOperator },
      log,
      dataDir,
      clock,
    });
    peer.failNext(1);
    await expect(mailer.deliver(message())).rejects.toThrow();
    await mailer.stop();
  });
});

describe('outbox and spool retention (issue 15 item 13)', () => {
  it('deletes files older than the application retention, keeps newer ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mk-mail-purge-'));
    try {
      const now = new Date('2026-03-02T10:00:00Z');
      const mailer = createMailer({
        config: {
          smtpUrl: undefined,
          mailFrom,
          operator: fallbackOperator,
          dataRetentionDays: 30,
          declinedRetentionDays: 10,
        },
        log,
        dataDir: dir,
        clock: { now: () => now },
      });
      await mailer.send({ ...message(), key: 'old-one' });
      await mailer.send({ ...message(), key: 'new-one' });
      await mkdir(join(dir, 'mail-spool'), { recursive: true });
      await writeFile(join(dir, 'mail-spool', 'stuck.json'), '{}');
      const old = new Date(now.getTime() - 31 * 86_400_000);
      await utimes(join(dir, 'outbox', 'old-one.eml'), old, old);
      await utimes(join(dir, 'mail-spool', 'stuck.json'), old, old);
      expect(await mailer.purge(now)).toBe(2);
      expect(await readdir(join(dir, 'outbox'))).toEqual(['new-one.eml']);
      expect(await readdir(join(dir, 'mail-spool'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
