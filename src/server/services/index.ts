import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import { ApplicationStore } from './applications';
import { BasicSubmissionChecks } from './submission';
import { TenancyService, type DecisionQueue, type SubmissionChecks } from './tenancies';

export interface Services {
  applications: ApplicationStore;
  tenancies: TenancyService;
  checks: SubmissionChecks;
  decisions: DecisionQueue;
}

export type ServiceOverrides = Partial<Services>;

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  overrides?: ServiceOverrides;
}

/** Until the processing module is wired in, submitted applications wait in state 'submitted'. */
const waitingQueue: DecisionQueue = { enqueueDecision: async () => undefined };

/** Wires the application services once per server; routes of both API generations share them. */
export function createServices(deps: ServiceDeps): Services {
  const o = deps.overrides ?? {};
  const applications = o.applications ?? new ApplicationStore(deps.db);
  const checks = o.checks ?? new BasicSubmissionChecks();
  const decisions = o.decisions ?? waitingQueue;
  const tenancies =
    o.tenancies ??
    new TenancyService({
      config: deps.config,
      db: deps.db,
      clock: deps.clock,
      store: applications,
      checks,
      decisions,
    });
  return { applications, tenancies, checks, decisions };
}
