import { writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { resumeLinks } from '../db/schema/index';
import type { Logger } from '../log';
import type { Mailer } from '../mail/index';
import type { ProcessingContext, ProcessingSettings } from './context';
import { simulatedCreditCheck, type CreditCheck } from './creditCheck';
import { processDecision } from './decide';
import { runDeletion, type DeletionReport } from './deletion';
import { isMailKind, sendApplicationMail } from './notify';
import { createJobQueue, queues, type QueueOptions } from './queue';
import { seal } from './seal';
import { recordContractEvent } from '../contracts/events';
import { createDocumentSupply, type DocumentSupply } from './supply';
import { runSweep, type SweepReport } from './sweep';
import { staffDecision, type StaffDecisionResult } from './staff';
import { deliverWebhook } from '../webhooks/deliver';
import { WebhookEvents } from '../webhooks/events';
import { runCollection } from '../money/collection';
import type { MoneyDeps } from '../money/deps';
import { isClaimJobName } from '../../domain/claims/deadlines';
import { ClaimService, type ClaimJobs } from '../claims/service';
import type { ClaimAnnouncer } from '../claims/store';

export { processingRoutes } from './routes';
export { createDocumentSupply } from './supply';
export { StaffDecisionError } from './staff';

export interface ProcessingDeps {
  db: Database;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'port'
    | 'serverSecret'
    | 'dataDir'
    | 'reservationDays'
    | 'dataRetentionDays'
    | 'declinedRetentionDays'
    | 'jobTimeoutSeconds'
    | 'tariff'
    | 'sepaCreditorId'
    | 'sepa'
    | 'sealIdentity'
    | 'operator'
    | 'documentLinkDays'
    | 'mailRetryHours'
    | 'webhookRetryDelaySeconds'
    | 'webhookTimeoutSeconds'
    | 'webhookAllowPrivate'
  >;
  log: Logger;
  clock: Clock;
  mailer: Mailer;
  creditCheck?: CreditCheck;
  /** Issuer, seal and legal PDFs; made here when not handed in. */
  supply?: DocumentSupply;
  /** Job-queue timings; tests shorten them. */
  queue?: Partial<QueueOptions>;
}

export interface Processing {
  /** In the final submission's transaction: the job that decides the application. */
  enqueueDecision(tx: Tx, applicationId: string, cid?: string): Promise<void>;
  /**
   * workers: false only prepares the queue (enqueue, CLI, test set-up) and runs no jobs.
   * workersFrom: the job workers start when it resolves (the server's start, serve.ts).
   */
  start(opts?: { workers?: boolean; workersFrom?: Promise<void> }): Promise<void>;
  stop(): Promise<void>;
  /** A staff member's decision on a pending application (npm run decide). */
  decide(number: string, verdict: 'accept' | 'decline'): Promise<StaffDecisionResult>;
  /** One deletion run now (the scheduled job calls the same). */
  runDeletion(now?: Date): Promise<DeletionReport>;
  /** Queues stale undecided applications and unsent e-mails again (every 10 minutes). */
  runSweep(now?: Date): Promise<SweepReport>;
  /** Handlers, for the CLI and tests that run a job without the queue. */
  readonly context: ProcessingContext;
  /** State changes for partners' webhooks: `webhooks.enqueue(tx, applicationId, type)`. */
  readonly webhooks: WebhookEvents;
  /** What the money services (src/server/money) run on; the collection job uses it. */
  readonly money: MoneyDeps;
  /** Claims (issue 26): their deadline jobs and partner webhooks; runDeadline runs a job now. */
  readonly claims: {
    jobs: ClaimJobs;
    announcer: ClaimAnnouncer;
    runDeadline: ClaimService['runDeadline'];
  };
}

export function createProcessing(deps: ProcessingDeps): Processing {
  const { db, config, log, clock } = deps;
  const supply = deps.supply ?? createDocumentSupply({ db, config, clock });
  const settings: ProcessingSettings = {
    publicUrl: config.publicUrl,
    serverSecret: config.serverSecret,
    dataRetentionDays: config.dataRetentionDays,
    reservationDays: config.reservationDays,
    declinedRetentionDays: config.declinedRetentionDays,
    tariff: config.tariff,
    issuer: supply.issuer,
    documentLinkDays: config.documentLinkDays,
    mailRetryHours: config.mailRetryHours,
  };
  const queue = createJobQueue(db, log, {
    jobTimeoutSeconds: deps.queue?.jobTimeoutSeconds ?? config.jobTimeoutSeconds,
    // Crashed jobs are found by maintenance: look at least twice per job timeout.
    maintenanceSeconds:
      deps.queue?.maintenanceSeconds ??
      Math.max(1, Math.min(30, Math.floor(config.jobTimeoutSeconds / 2))),
    // One process owns an embedded database (ADR 1101): its enqueues wake the workers after
    // commit, so polling only finds retries; every poll there is a query through the PGlite
    // thread (idle CPU, ADR 1004). PostgreSQL instances also pick up each other's jobs.
    pollingSeconds: deps.queue?.pollingSeconds ?? (db.engine === 'pglite' ? 10 : 0.5),
    deletionTime: deps.queue?.deletionTime ?? '03:15',
    webhookRetryDelaySeconds:
      deps.queue?.webhookRetryDelaySeconds ?? config.webhookRetryDelaySeconds,
  });
  const webhooks = new WebhookEvents(
    {
      sendWebhookJob: async (tx, eventId) => {
        if (!queue.started) throw new Error('processing is not started');
        await queue.send(queues.webhook, { eventId }, tx);
      },
    },
    clock,
  );
  const ctx: ProcessingContext = {
    db,
    log,
    clock,
    mailer: deps.mailer,
    creditCheck: deps.creditCheck ?? simulatedCreditCheck,
    queue,
    settings,
    sealIdentity: supply.sealIdentity,
    supply,
    webhooks,
  };
  const money: MoneyDeps = { db, clock, log, mailer: deps.mailer, config };
  const claimParts = {
    jobs: {
      schedule: (tx, claimId, job, at) =>
        queue.send(queues.claimDeadline, { claimId, job }, tx, { startAfter: at }),
    } satisfies ClaimJobs,
    announcer: {
      claimChanged: (tx, event) => webhooks.enqueueClaim(tx, event),
    } satisfies ClaimAnnouncer,
  };
  const claimService = new ClaimService({
    db,
    clock,
    log,
    mailer: deps.mailer,
    serverSecret: config.serverSecret,
    publicUrl: () => config.publicUrl,
    ...claimParts,
  });
  // PGlite allows one process per data directory: the decide CLI checks this file.
  const pidFile = join(config.dataDir, 'processing.pid');

  return {
    context: ctx,
    webhooks,
    money,
    claims: { ...claimParts, runDeadline: (id, job) => claimService.runDeadline(id, job) },
    async enqueueDecision(tx, applicationId, cid) {
      if (!queue.started) throw new Error('processing is not started');
      if (cid) {
        await tx
          .insert(resumeLinks)
          .values({
            applicationId,
            sealedCid: seal(settings.serverSecret, cid),
            createdAt: clock.now(),
          })
          .onConflictDoUpdate({
            target: resumeLinks.applicationId,
            set: { sealedCid: seal(settings.serverSecret, cid) },
          });
      }
      await recordContractEvent(tx, {
        applicationId,
        type: 'submitted',
        actor: 'tenant',
        at: clock.now(),
      });
      await queue.send(queues.decision, { applicationId }, tx);
    },
    async start(opts) {
      if (opts?.workers === false) {
        await queue.start();
        return;
      }
      await queue.start(
        {
          [queues.decision]: (d) => processDecision(ctx, d.applicationId ?? ''),
          // A job of an unknown kind has no mail row to send: it ends without doing anything.
          [queues.mail]: async (d) => {
            const kind = d.kind ?? '';
            if (isMailKind(kind)) await sendApplicationMail(ctx, d.applicationId ?? '', kind);
          },
          [queues.sweep]: async () => {
            await runSweep(ctx, clock.now());
          },
          [queues.webhook]: (d) =>
            deliverWebhook(
              {
                db,
                clock,
                timeoutSeconds: config.webhookTimeoutSeconds,
                allowPrivate: config.webhookAllowPrivate,
              },
              d.eventId ?? '',
            ),
          [queues.collection]: async () => {
            await runCollection(money, clock.now());
          },
          // A deadline job runs at its time; one that finds its time not yet come (a clock set
          // back) or the claim moved on does nothing (ClaimService.runDeadline).
          [queues.claimDeadline]: async (d) => {
            if (isClaimJobName(d.job)) await claimService.runDeadline(d.claimId ?? '', d.job);
          },
          [queues.deletion]: async () => {
            const report = await runDeletion(db, settings, clock.now());
            log.info({ report }, 'deletion run');
          },
        },
        opts?.workersFrom ? { workersFrom: opts.workersFrom } : undefined,
      );
      deps.mailer.start();
      if (db.engine === 'pglite') {
        mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
        writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
      }
    },
    async stop() {
      await queue.stop();
      await deps.mailer.stop();
      if (db.engine === 'pglite') rmSync(pidFile, { force: true });
    },
    decide: (number, verdict) => staffDecision(ctx, number, verdict),
    runDeletion: (now) => runDeletion(db, settings, now ?? clock.now()),
    runSweep: (now) => runSweep(ctx, now ?? clock.now()),
  };
}
