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
  /** false: the message is spooled and will be retried (see Mailer.send). */
  delivered: boolean;
}

/** The smallest logger we need; pino and Fastify's logger both fit. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
