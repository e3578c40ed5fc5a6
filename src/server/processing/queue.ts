import PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterCommit, executeSqlIn, type Database, type Tx } from '../db/client';
import type { Logger } from '../log';
import { availabilityOf } from '../db/availability';
import { safeErrorFields } from '../http/errors';
import { parseTimeOfDay, startTimers, type Timers } from './schedule';

/**
 * pg-boss 10 over our single database connection (ADR 0400). Jobs live in the schema `pgboss` of
 * the same database, so a job is enqueued in the transaction that submits the application.
 * Payloads carry ids only, never personal data.
 */
export const queues = {
  decision: 'decision',
  mail: 'mail',
  deletion: 'deletion',
  sweep: 'sweep',
  webhook: 'webhook',
  /** The daily SEPA collection run (issue 25, src/server/money). */
  collection: 'collection',
  /** A claim's reminders and the end of its answer period, delayed to their time (issue 26). */
  claimDeadline: 'claimDeadline',
} as const;
type QueueName = (typeof queues)[keyof typeof queues];

export interface QueueOptions {
  /** Seconds a job may run before it counts as crashed and is retried (default 60). */
  jobTimeoutSeconds: number;
  /** How often pg-boss looks for crashed jobs (default 30 s). */
  maintenanceSeconds: number;
  /**
   * Worker polling interval (pg-boss minimum 0.5 s). An enqueue on this instance wakes its workers
   * once the job is committed; polls find retries and jobs other instances enqueued.
   */
  pollingSeconds: number;
  /** Berlin wall-clock time of the nightly deletion run, 'HH:MM' (default 03:15). */
  deletionTime: string;
  /** First webhook retry after about this many seconds (WEBHOOK_RETRY_DELAY_SECONDS). */
  webhookRetryDelaySeconds: number;
}

/**
 * Webhook retries: pg-boss waits between retryDelay * 2^n and twice that before retry n+1, so 14
 * retries starting at 10 s span at least 10 * (2^14 - 1) s, about 45 hours (ADR 0713).
 */
const webhookRetryLimit = 14;

type Handlers = Record<QueueName, (data: Record<string, string>) => Promise<void>>;

export interface JobQueue {
  /**
   * Without handlers: the queue is usable for sending, but this process runs no jobs.
   * `workersFrom`: the workers (and timers) start when it resolves instead of at once; sending
   * works from the start's end either way (a job sent meanwhile waits for the first fetch).
   */
  start(handlers?: Handlers, opts?: { workersFrom?: Promise<void> }): Promise<void>;
  stop(): Promise<void>;
  /** `startAfter`: a delayed job, run at that time (a claim's deadlines). */
  send(
    queue: QueueName,
    data: Record<string, string>,
    tx?: Tx,
    opts?: { startAfter?: Date },
  ): Promise<void>;
  /**
   * A timed job (schedule.ts): one per slot of `slotSeconds` whichever instance sends it first
   * (pg-boss's singleton slot drops a second send in the slot). True when this call made it.
   */
  sendTimed(queue: QueueName, slotSeconds: number): Promise<boolean>;
  readonly started: boolean;
}

const batchSize = 10;

/**
 * How many jobs of one fetched batch a worker runs at once. A decision spends most of its time
 * waiting: on the document threads (rendering, sealing), the database (PGlite's one connection
 * commits the statements that wait together) and, with a real bureau, the credit check; the whole
 * batch at once keeps those busy during a burst (issue 30, ADR 1011): a worker fetches its next
 * batch only when the last job of this one ends, so with four at a time the batch's tail left
 * the threads idle (ADR 1495). The other queues keep one at a time: e-mails share one SMTP
 * connection, the timed jobs are single runs.
 */
const jobsAtOnce: Record<QueueName, number> = {
  decision: batchSize,
  mail: 1,
  deletion: 1,
  sweep: 1,
  webhook: 1,
  collection: 1,
  claimDeadline: 1,
};

/** Runs `work` over `items`, at most `width` at a time, in their order; waits for all. */
async function inTurn<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/**
 * What a failure may log or store in the job's output: never the message, which may quote the
 * recipient (SMTP 550 …) or the SQL parameters with the whole form model (ADR 1102).
 */
const safe = (err: unknown) => {
  const { errName, errCode, causeCode } = safeErrorFields(err);
  return { errName, errCode, causeCode };
};

export function createJobQueue(db: Database, log: Logger, opts: QueueOptions): JobQueue {
  // pg-boss's stop() returns while a fetch is still in flight and completes jobs without awaiting
  // the query; counting our own calls lets stop() wait until none touches the database any more.
  let inFlight = 0;
  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  }
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) => tracked(() => db.executeSql(text, values)),
    },
    schema: 'pgboss',
    supervise: true,
    // Timed jobs come from schedule.ts; no queue-state counts are read (no monitor).
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceSeconds,
  });
  const deletionAt = parseTimeOfDay(opts.deletionTime);
  const availability = availabilityOf(db, log);
  // While the database is away, every poll fails: the outage is logged once (ADR 1100).
  boss.on('error', (err: Error) => {
    if (!availability.report(err)) log.error(safe(err), 'job queue error');
  });
  const workerIds = new Map<QueueName, string[]>();
  let started = false;
  /** Counts stops: deferred workers of a start that was stopped meanwhile never start. */
  let stops = 0;
  let timers: Timers | undefined;

  /** Wakes this instance's workers instead of waiting for the next poll (latency, not safety). */
  function wake(queue: QueueName) {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  }

  /**
   * A failed job waits for its retry time (retryDelay, backoff): wake a worker then instead of at
   * its next poll, which on the embedded engine is up to 10 s away.
   */
  async function wakeForRetry(queue: QueueName, jobId: string) {
    const job = await boss.getJobById(queue, jobId);
    if (job?.state !== 'retry') return;
    const due = new Date(job.startAfter).getTime() - Date.now();
    setTimeout(() => wake(queue), Math.max(0, due) + 50).unref();
  }

  async function sendTimed(queue: QueueName, slotSeconds: number): Promise<boolean> {
    const id = await boss.send(queue, {}, { singletonKey: queue, singletonSeconds: slotSeconds });
    if (id) wake(queue);
    return id !== null;
  }
  const timed = (queue: QueueName, slotSeconds: number) => {
    sendTimed(queue, slotSeconds).catch((err: unknown) => {
      if (!availability.report(err)) log.error({ queue, ...safe(err) }, 'timed job not sent');
    });
  };

  /** pg-boss's schema and our queues with their settings (under the start lock). */
  async function setUpQueues() {
    await boss.start();
    const retry = { retryLimit: 12, retryDelay: 2, retryBackoff: true };
    const webhookRetry = {
      name: queues.webhook,
      retryLimit: webhookRetryLimit,
      retryDelay: opts.webhookRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      retentionDays: 7,
    };
    const settings = {
      [queues.decision]: {
        name: queues.decision,
        ...retry,
        expireInSeconds: opts.jobTimeoutSeconds,
      },
      [queues.mail]: { name: queues.mail, ...retry, expireInSeconds: opts.jobTimeoutSeconds },
      [queues.deletion]: { name: queues.deletion, retryLimit: 3, expireInSeconds: 600 },
      [queues.sweep]: { name: queues.sweep, retryLimit: 1, expireInSeconds: 600 },
      [queues.webhook]: webhookRetry,
      [queues.collection]: { name: queues.collection, retryLimit: 3, expireInSeconds: 600 },
      [queues.claimDeadline]: {
        name: queues.claimDeadline,
        ...retry,
        expireInSeconds: opts.jobTimeoutSeconds,
      },
    };
    // One query for the queues there are; only missing ones are created (pg-boss's
    // create_queue costs a round trip and a function call each, at every start otherwise).
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const options of Object.values(settings))
      if (!existing.has(options.name)) await boss.createQueue(options.name, options);
    // createQueue keeps an existing queue's settings: the configured timeouts and retries are
    // applied again (side by side: the PGlite thread commits them together).
    await Promise.all(
      [queues.decision, queues.mail, queues.webhook].map((name) =>
        boss.updateQueue(name, settings[name]),
      ),
    );
  }

  /** With handlers: this instance's workers and timers; without, nothing (send only). */
  async function startWorkers(handlers?: Handlers) {
    const served = handlers
      ? ([
          queues.decision,
          queues.mail,
          queues.deletion,
          queues.sweep,
          queues.webhook,
          queues.collection,
          queues.claimDeadline,
        ] as QueueName[])
      : [];
    for (const queue of served) {
      const ids: string[] = [];
      // Two workers per queue: one slow job (SMTP, credit bureau) does not hold up the rest.
      // The timed queues (nightly deletion, sweep every 10 minutes) need neither a second worker
      // nor a poll every half second: each idle poll is a query, on PGlite through its thread;
      // the timers wake their worker when they send.
      const scheduled =
        queue === queues.deletion || queue === queues.sweep || queue === queues.collection;
      for (let i = 0; i < (scheduled ? 1 : 2); i++) {
        let id = '';
        id = await boss.work<Record<string, string>>(
          queue,
          {
            pollingIntervalSeconds: scheduled
              ? Math.max(30, opts.pollingSeconds)
              : opts.pollingSeconds,
            batchSize,
          },
          async (jobs) => {
            await inTurn(jobs, jobsAtOnce[queue], async (job) => {
              try {
                await tracked(() => handlers![queue](job.data));
              } catch (err) {
                if (!availability.report(err))
                  log.warn(
                    { queue, jobId: job.id, ...safe(err) },
                    'job failed; pg-boss retries it',
                  );
                await boss
                  .fail(queue, job.id, safe(err))
                  .then(() => wakeForRetry(queue, job.id))
                  .catch((e: unknown) => {
                    // The database went away mid-job: pg-boss retries it after the timeout.
                    if (!availability.report(e)) throw e;
                  });
              }
            });
            // A full batch means more may be waiting: fetch again without the polling pause.
            if (jobs.length === batchSize) boss.notifyWorker(id);
          },
        );
        ids.push(id);
      }
      workerIds.set(queue, ids);
    }
    if (handlers)
      timers = startTimers({
        at: deletionAt,
        nightly: () => {
          timed(queues.deletion, 3600);
          timed(queues.collection, 3600);
        },
        everyMs: 600_000,
        often: () => timed(queues.sweep, 600),
      });
  }

  return {
    sendTimed,
    get started() {
      return started;
    },
    async start(handlers, startOpts) {
      // pg-boss's create_queue is not under its own lock: two instances creating queues on a
      // fresh PostgreSQL database at once deadlocked (one adds a partition's foreign key to
      // pgboss.queue while the other inserts into it; issue 28). pg-boss's schema, the queues and
      // their settings are made under the start lock (the migrations' lock, ADR 1113), so the
      // second instance waits and then finds them made. Workers start outside it.
      await db.exclusive('start', () => setUpQueues());
      if (!startOpts?.workersFrom) {
        await startWorkers(handlers);
        started = true;
        return;
      }
      started = true;
      const stopsAtStart = stops;
      const current = () => stops === stopsAtStart;
      void startOpts.workersFrom
        .then(() => (current() ? startWorkers(handlers) : undefined))
        .catch((err: unknown) => {
          if (current()) log.error(safe(err), 'job workers did not start');
        });
    },
    async stop() {
      if (!started) return;
      stops++;
      timers?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await sleep(20);
      started = false;
    },
    async send(queue, data, tx, opts) {
      const dbForCall = tx
        ? { executeSql: (text: string, values: unknown[]) => executeSqlIn(tx, text, values) }
        : undefined;
      await boss.send(queue, data, {
        ...(dbForCall ? { db: dbForCall } : {}),
        ...(opts?.startAfter ? { startAfter: opts.startAfter } : {}),
      });
      if (!started) return;
      // A worker woken before the enqueuing transaction commits finds nothing and sleeps until its
      // next poll: wake it once the job is visible. Polls are the fallback (other instances,
      // retries), which lets the embedded engine poll rarely (ADR 1004).
      if (!tx || !afterCommit(tx, () => wake(queue)))
        setTimeout(() => wake(queue), tx ? 20 : 0).unref();
    },
  };
}
