import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { isPermanentRejection, type MailLogger, type MailMessage, type SentMail } from './types';
import type { OperatorDetails } from '../documents/operator';
import { fillOperator } from './operatorFields';
import { escapeHtml } from './templates';

interface MailerConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** OPERATOR_*: fills the operator's stand-ins of every message (operatorFields.ts). */
  operator: OperatorDetails;
  /** Outbox files and spool entries older than the longer of these are deleted (ADR 1112). */
  dataRetentionDays?: number;
  declinedRetentionDays?: number;
  /** A temporarily refused message is retried this long, then given up (MAIL_RETRY_HOURS, 48). */
  mailRetryHours?: number;
}

export interface MailerOptions {
  config: MailerConfig;
  log: MailLogger;
  /** DATA_DIR: the outbox (`outbox/`) and the retry spool (`mail-spool/`) live below it. */
  dataDir: string;
  clock: { now(): Date };
  /** How often the spool is retried after start(); default 30 s. */
  retryEveryMs?: number;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, otherwise 'outbox' (.eml files in DATA_DIR/outbox). */
  readonly transport: 'smtp' | 'outbox';
  /**
   * Durable send: the composed message is written to the spool first, then delivered. When the
   * delivery fails the message stays in the spool and start()'s timer retries it, so nothing is
   * dropped. Resolves once the message is spooled; `delivered` says whether it already went out.
   */
  send(message: MailMessage): Promise<SentMail>;
  /** Immediate delivery without spool; throws on failure. For callers that retry themselves. */
  deliver(message: MailMessage): Promise<SentMail>;
  /**
   * Retries every spooled message now (the timer retries only those whose pause is over);
   * answers how many were delivered.
   */
  flush(opts?: { dueOnly?: boolean }): Promise<number>;
  /**
   * Deletes outbox files and spool entries older than the retention (the application data's own),
   * so resume links, names and PDFs do not outlive the application. Answers how many were deleted.
   */
  purge(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface Composed {
  key: string;
  messageId: string;
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

interface SpoolEntry {
  key: string;
  messageId: string;
  envelope: { from: string; to: string[] };
  raw: string; // base64
  attempts: number;
  spooledAt: string;
  /** Not retried by the timer before this time (back-off); absent: at once. */
  nextAttemptAt?: string;
}

/**
 * What stays of a message given up after MAIL_RETRY_HOURS (`{key}.failed.json`): that it was not
 * delivered, since when it was tried and the last reply code; no recipient, no content. Purged
 * with the outbox after the retention.
 */
interface GivenUp {
  key: string;
  state: 'given_up';
  spooledAt: string;
  gaveUpAt: string;
  attempts: number;
  lastResponseCode: number | null;
}

/** The pause before retry n (1, 2, …): 30 s doubling, at most an hour. */
export function retryPauseMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

const FAILED = '.failed.json';

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** What a failed send logs: codes only, as SMTP answers may quote the recipient's address. */
function failure(err: unknown): object {
  const e = err as { name?: string; code?: string; responseCode?: number };
  return { errName: e.name, code: e.code, responseCode: e.responseCode };
}

/** Domain part for our Message-IDs, taken from MAIL_FROM so replies and ids match. */
function messageIdDomain(mailFrom: string): string {
  const m = /@([A-Za-z0-9.-]+)/.exec(mailFrom);
  return m?.[1] ?? 'mietkaution.invalid';
}

export function createMailer(options: MailerOptions): Mailer {
  const { config, log, dataDir, clock } = options;
  const outboxDir = join(dataDir, 'outbox');
  const spoolDir = join(dataDir, 'mail-spool');
  const domain = messageIdDomain(config.mailFrom);
  // The composer: nodemailer's stream transport builds the RFC 5322 message into a buffer.
  // nodemailer (~430 KB of code) loads with the first mail, not at start (ADR 1001).
  let transports: Promise<{ composer: Transporter; smtp: Transporter | undefined }> | undefined;
  const loadTransports = () =>
    (transports ??= import('nodemailer').then(({ default: nodemailer }) => ({
      composer: nodemailer.createTransport({ streamTransport: true, buffer: true }),
      smtp: config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined,
    })));
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<number> | undefined;
  // Keys whose first delivery is under way: their spool file exists from before the attempt (so a
  // crash keeps the message), but the timer's flush must not send it a second time meanwhile
  // (seen under load: a slow SMTP answer, the flush came, the recipient got the link twice).
  const sending = new Set<string>();

  async function compose(message: MailMessage): Promise<Composed> {
    const key = message.key ?? randomUUID();
    if (!KEY.test(key)) throw new Error(`invalid mail key: ${key}`);
    const messageId = `<${key}@${domain}>`;
    const { composer } = await loadTransports();
    const info = await composer.sendMail({
      from: config.mailFrom,
      to: message.to,
      // The operator's details from OPERATOR_*: one source for every e-mail (operatorFields.ts).
      subject: fillOperator(message.subject, config.operator),
      text: fillOperator(message.text, config.operator),
      html: fillOperator(message.html, config.operator, escapeHtml),
      messageId,
      date: clock.now(),
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content),
        contentType: a.contentType,
      })),
    });
    const envelope = info.envelope as { from: string | false; to: string[] };
    return {
      key,
      messageId,
      envelope: { from: envelope.from || config.mailFrom, to: envelope.to },
      raw: info.message as Buffer,
    };
  }

  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
    // Mails hold names, resume links and PDFs: the server user's only, whatever the umask of the
    // process (a command such as npm run decide, ADR 1132).
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, path);
  }

  /** The outbox and the spool: 0700, also when an older version made them 0755. */
  async function privateDir(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, 0o700);
  }

  async function exists(path: string): Promise<boolean> {
    return stat(path).then(
      () => true,
      () => false,
    );
  }

  async function transmit(c: Composed): Promise<void> {
    const { smtp: server } = await loadTransports();
    if (server) {
      await server.sendMail({ envelope: c.envelope, raw: c.raw });
      log.info({ mailKey: c.key, transport: 'smtp' }, 'mail sent');
      return;
    }
    await privateDir(outboxDir);
    const file = join(outboxDir, `${c.key}.eml`);
    // Same key, same file: a retried job leaves exactly one message in the outbox.
    if (await exists(file)) return;
    await writeAtomically(file, c.raw);
    log.info({ mailKey: c.key, transport: 'outbox', file }, 'mail written to outbox');
  }

  async function deliver(message: MailMessage): Promise<SentMail> {
    const c = await compose(message);
    await transmit(c);
    return { key: c.key, messageId: c.messageId, delivered: true };
  }

  async function send(message: MailMessage): Promise<SentMail> {
    const c = await compose(message);
    await privateDir(spoolDir);
    const spoolFile = join(spoolDir, `${c.key}.json`);
    const entry: SpoolEntry = {
      key: c.key,
      messageId: c.messageId,
      envelope: c.envelope,
      raw: c.raw.toString('base64'),
      attempts: 0,
      spooledAt: clock.now().toISOString(),
    };
    sending.add(c.key);
    try {
      await writeAtomically(spoolFile, JSON.stringify(entry));
    } catch (err) {
      sending.delete(c.key);
      throw err;
    }
    try {
      await transmit(c);
      await rm(spoolFile, { force: true });
      return { key: c.key, messageId: c.messageId, delivered: true };
    } catch (err) {
      if (isPermanentRejection(err)) {
        await rm(spoolFile, { force: true });
        log.warn({ mailKey: c.key, ...failure(err) }, 'mail permanently rejected; not retried');
        return { key: c.key, messageId: c.messageId, delivered: false, rejected: true };
      }
      entry.attempts = 1;
      entry.nextAttemptAt = new Date(clock.now().getTime() + retryPauseMs(1)).toISOString();
      await writeAtomically(spoolFile, JSON.stringify(entry));
      log.warn(
        { mailKey: c.key, ...failure(err) },
        'mail delivery failed; kept in the spool for a retry',
      );
      return { key: c.key, messageId: c.messageId, delivered: false, queued: true };
    } finally {
      sending.delete(c.key);
    }
  }

  const retryForMs = (config.mailRetryHours ?? 48) * 3_600_000;

  /** Ends the retries of a message: its content goes, a small record says it was not delivered. */
  async function giveUp(file: string, entry: SpoolEntry, err: unknown): Promise<void> {
    const code = (err as { responseCode?: unknown }).responseCode;
    const record: GivenUp = {
      key: entry.key,
      state: 'given_up',
      spooledAt: entry.spooledAt,
      gaveUpAt: clock.now().toISOString(),
      attempts: entry.attempts,
      lastResponseCode: typeof code === 'number' ? code : null,
    };
    await writeAtomically(join(spoolDir, `${entry.key}${FAILED}`), JSON.stringify(record));
    await rm(file, { force: true });
    log.error(
      { mailKey: entry.key, attempts: entry.attempts, ...failure(err) },
      'mail given up after MAIL_RETRY_HOURS of temporary failures; not delivered',
    );
  }

  async function flushOnce(dueOnly: boolean): Promise<number> {
    let names: string[];
    try {
      names = (await readdir(spoolDir)).filter((n) => n.endsWith('.json') && !n.endsWith(FAILED));
    } catch {
      return 0;
    }
    const now = clock.now().getTime();
    let delivered = 0;
    for (const name of names.sort()) {
      if (sending.has(name.slice(0, -'.json'.length))) continue;
      const file = join(spoolDir, name);
      let entry: SpoolEntry;
      try {
        entry = JSON.parse(await readFile(file, 'utf8')) as SpoolEntry;
      } catch {
        continue; // removed meanwhile by a concurrent send
      }
      if (dueOnly && entry.nextAttemptAt && Date.parse(entry.nextAttemptAt) > now) continue;
      try {
        await transmit({ ...entry, raw: Buffer.from(entry.raw, 'base64') });
        await rm(file, { force: true });
        delivered++;
      } catch (err) {
        if (isPermanentRejection(err)) {
          await rm(file, { force: true });
          log.warn(
            { mailKey: entry.key, attempts: entry.attempts + 1, ...failure(err) },
            'mail permanently rejected; removed from the spool',
          );
          continue;
        }
        entry.attempts++;
        if (now - Date.parse(entry.spooledAt) >= retryForMs) {
          await giveUp(file, entry, err);
          continue;
        }
        // The last try falls on the deadline itself, so a message ends within MAIL_RETRY_HOURS.
        const deadline = Date.parse(entry.spooledAt) + retryForMs;
        entry.nextAttemptAt = new Date(
          Math.min(now + retryPauseMs(entry.attempts), deadline),
        ).toISOString();
        await writeAtomically(file, JSON.stringify(entry));
        log.error(
          { mailKey: entry.key, attempts: entry.attempts, ...failure(err) },
          'mail retry failed',
        );
      }
    }
    return delivered;
  }

  /** Temporary files of writers that died (kill -9) are removed; a live writer's are kept. */
  async function removeOrphans(dir: string): Promise<void> {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const pid = /\.(\d+)\.[0-9a-f-]{36}\.tmp$/.exec(name)?.[1];
      if (!pid) continue;
      let alive = true;
      try {
        process.kill(Number(pid), 0);
      } catch {
        alive = false;
      }
      if (!alive) await rm(join(dir, name), { force: true });
    }
  }

  const retentionMs =
    Math.max(config.dataRetentionDays ?? 30, config.declinedRetentionDays ?? 30) * 86_400_000;
  let lastPurge = 0;

  async function purge(now = clock.now()): Promise<number> {
    let deleted = 0;
    for (const [dir, ext] of [
      [outboxDir, '.eml'],
      [spoolDir, '.json'],
    ] as const) {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.endsWith(ext)) continue;
        const file = join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (!info || now.getTime() - info.mtimeMs <= retentionMs) continue;
        await rm(file, { force: true });
        deleted++;
      }
    }
    if (deleted > 0) log.info({ deleted }, 'old outbox and spool files deleted');
    return deleted;
  }

  function flush(opts?: { dueOnly?: boolean }): Promise<number> {
    flushing ??= flushOnce(opts?.dueOnly === true).finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  return {
    transport: config.smtpUrl ? 'smtp' : 'outbox',
    send,
    deliver,
    flush,
    purge,
    start() {
      if (timer) return;
      void Promise.all([removeOrphans(outboxDir), removeOrphans(spoolDir)])
        .then(() => purge())
        .then(() => flush())
        .catch(() => undefined);
      lastPurge = Date.now();
      timer = setInterval(() => {
        void flush({ dueOnly: true });
        // Once an hour is enough for a retention counted in days.
        if (Date.now() - lastPurge > 3_600_000) {
          lastPurge = Date.now();
          void purge().catch(() => undefined);
        }
      }, options.retryEveryMs ?? 30_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flushing;
      (await transports?.catch(() => undefined))?.smtp?.close();
    },
  };
}
