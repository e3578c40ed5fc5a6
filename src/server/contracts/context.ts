import type { Clock } from '../clock';
import { contractTexts } from '../../domain/index';
import type { Database, Tx } from '../db/client';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import type { ContractFacts } from '../mail/contractTemplates';
import { factsOf } from '../processing/facts';
import type { WebhookQueue } from '../services/queues';
import { withdrawalUrl } from './credentials';
import { ContractError } from './contractError';
import { Guard } from './guard';
import { overMailLimit } from './limits';
import { ContractStore, type Loaded } from './store';

export interface ContractServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  serverSecret: string;
  sepaCreditorId: string;
  /** Read at each use (tests set PUBLIC_URL after start). */
  publicUrl: () => string;
  /** Partners' webhooks (ADR 0713); absent when processing does not run. */
  webhooks?: WebhookQueue;
}

/**
 * What every after-sale service shares (ADR 1266): its store, the failure counter, the clock and
 * the contract mails (each counted per recipient, ADR 1117).
 */
export class ContractContext {
  readonly store: ContractStore;
  readonly guard: Guard;

  constructor(readonly deps: ContractServiceDeps) {
    this.store = new ContractStore(deps.db, deps.webhooks);
    this.guard = new Guard(deps.db, deps.clock, deps.serverSecret);
  }

  now(): Date {
    return this.deps.clock.now();
  }

  /** The session's contract; 401 session_expired when it is gone (deleted after its retention). */
  async mustLoad(applicationId: string, tx?: Tx): Promise<Loaded> {
    const l = await this.store.byId(applicationId, tx);
    if (!l) throw new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired);
    return l;
  }

  links(applicationId: string) {
    const base = this.deps.publicUrl();
    return {
      withdrawUrl: withdrawalUrl(base, this.deps.serverSecret, applicationId),
      contractPageUrl: `${base.replace(/\/$/, '')}/vertrag`,
    };
  }

  /** The facts every contract mail shows, and the stored address it goes to. */
  facts(l: Loaded, withLinks = true): ContractFacts & { to: string | undefined } {
    const f = factsOf(l.model);
    const first = f.tenants[0];
    return {
      to: f.email,
      salutation: { gender: first?.gender, firstName: first?.firstName, lastName: first?.lastName },
      contractNumber: l.contract.contractNumber,
      deposit: f.deposit,
      objectAddress: f.objectAddress || '–',
      links: withLinks ? this.links(l.app.id) : undefined,
    };
  }

  async mail(
    to: string | undefined | Array<string | undefined>,
    key: string,
    rendered: { subject: string; text: string; html: string },
  ) {
    const wanted = [...new Set((Array.isArray(to) ? to : [to]).filter((x): x is string => !!x))];
    const list = [];
    // Every contract mail counts per recipient (ADR 1117); past the hour's limit it is not sent.
    for (const address of wanted)
      if (!(await overMailLimit(this.guard, address))) list.push(address);
    if (list.length === 0) return;
    await this.deps.mailer.send({ to: list, ...rendered, key });
  }
}
