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

/** The operator as creditor of the debits and payer of the refunds. */
export const creditorOf = (deps: MoneyDeps) => ({
  name: deps.config.operator.name,
  iban: deps.config.sepa.creditorIban,
  bic: deps.config.sepa.creditorBic,
  creditorId: deps.config.sepaCreditorId,
});
