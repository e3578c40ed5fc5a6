import type { Tariff } from '../../domain/index';
import type { DocumentIssuer, SealIdentity } from '../documents/index';
import type { DocumentSupply } from './supply';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import type { CreditCheck } from './creditCheck';
import type { JobQueue } from './queue';
import type { WebhookEvents } from '../webhooks/events';

/** Settings processing reads from the server's Config (see createProcessing). */
export interface ProcessingSettings {
  /** Base of links in e-mails (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
  /** Key for sealing the cid of resume links (SERVER_SECRET). */
  serverSecret: string;
  /** Unfinished applications are deleted this many days after their last change (30). */
  dataRetentionDays: number;
  /** An accepted reservation not continued within this many days expires (RESERVATION_DAYS). */
  reservationDays: number;
  /** Declined applications are deleted this many days after the decision (DECLINED_RETENTION_DAYS). */
  declinedRetentionDays: number;
  /** The configured tariff (premium of the decision). */
  tariff: Tariff;
  /** Who issues the documents: operator details, SEPA creditor id, site URL (PUBLIC_URL). */
  issuer: DocumentIssuer;
  /** Days a document download link in an e-mail stays valid (DOCUMENT_LINK_DAYS). */
  documentLinkDays: number;
  /** A mail refused temporarily is retried this long after its row was made (MAIL_RETRY_HOURS). */
  mailRetryHours: number;
}

/** What every job handler needs; built once by createProcessing. */
export interface ProcessingContext {
  db: Database;
  log: Logger;
  clock: Clock;
  mailer: Mailer;
  creditCheck: CreditCheck;
  queue: JobQueue;
  settings: ProcessingSettings;
  /** The documents' seal: configured (SEAL_P12_PATH) or self-made once and kept in the database. */
  sealIdentity(): Promise<SealIdentity>;
  /** Issuer, seal and the static legal PDFs (shared with the HTTP routes). */
  supply: DocumentSupply;
  /** Partners' webhooks: every outcome recorded is also an event (ADR 0713). */
  webhooks: WebhookEvents;
}
