import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import { ApplicationStore } from './applications';

export interface Services {
  applications: ApplicationStore;
}

export type ServiceOverrides = Partial<Services>;

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  overrides?: ServiceOverrides;
}

/** Wires the application services once per server; routes of both API generations share them. */
export function createServices(deps: ServiceDeps): Services {
  const applications = new ApplicationStore(deps.db);
  return { applications, ...deps.overrides };
}
