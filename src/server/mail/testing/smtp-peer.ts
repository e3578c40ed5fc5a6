import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** Makes the next n deliveries fail with a temporary error (451). */
  failNext(n: number): void;
  /** Messages offered (DATA), accepted or not: how often a sender tried. */
  readonly attempts: number;
  /** Recipients refused for good at RCPT TO (550 no such user), and how often each was tried. */
  rejectRecipient(address: string): void;
  readonly rejectedAttempts: Map<string, number>;
  /** Answers each message's DATA only after `ms` (a slow or busy mail server). */
  answerAfter(ms: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a random port, keeping every accepted message in memory. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let attempts = 0;
  let answerMs = 0;
  const rejected = new Set<string>();
  const rejectedAttempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const a = address.address.toLowerCase();
      if (rejected.has(a)) {
        rejectedAttempts.set(a, (rejectedAttempts.get(a) ?? 0) + 1);
        callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void setTimeout(answer, answerMs));
      const answer = () => {
        attempts++;
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n) {
      failures = n;
    },
    get attempts() {
      return attempts;
    },
    rejectRecipient(address) {
      rejected.add(address.toLowerCase());
    },
    rejectedAttempts,
    answerAfter(ms) {
      answerMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
