/** A file attached to an e-mail (the certificate or the reservation confirmation). */
export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * A stable key for this message (letters, digits, dot, dash). Sending the same key twice
   * writes the same outbox file and the same Message-ID, so a retried job cannot produce a second
   * distinct e-mail. Without a key the mailer makes a random one.
   */
  key?: string;
}

export interface SentMail {
  key: string;
  messageId: string;
  /** false: the message is spooled and will be retried (see Mailer.send), or it was rejected. */
  delivered: boolean;
  /** The receiving server refused it for good (SMTP 5xx): not spooled, never retried. */
  rejected?: boolean;
  /**
   * Refused for now (SMTP 4xx, server away): spooled and retried with back-off until
   * MAIL_RETRY_HOURS, then given up (ADR 1132). Not sent yet.
   */
  queued?: boolean;
}

/**
 * A permanent SMTP failure (5xx: unknown mailbox, refused domain, policy): retrying cannot help,
 * so the message is dropped from the spool and its state says so (ADR 1106). 4xx and network
 * failures are temporary and retried.
 */
export function isPermanentRejection(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The smallest logger we need; pino and Fastify's logger both fit. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
