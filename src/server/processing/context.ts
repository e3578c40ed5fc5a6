import type { Tariff } from '../../domain/index';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import type { CreditCheck } from './creditCheck';
import type { JobQueue } from './queue';

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
}
