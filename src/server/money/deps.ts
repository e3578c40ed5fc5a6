import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';

/** What the money services need; the processing context provides it. */
export interface MoneyDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  config: Pick<Config, 'sepa' | 'sepaCreditorId' | 'operator' | 'publicUrl'>;
}
