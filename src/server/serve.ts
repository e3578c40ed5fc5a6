import type { Config } from './config';
import { systemClock } from './clock';
import type { Logger } from './log';
import type { Database } from './db/client';
import { availabilityOf } from './db/availability';
import { safeErrorFields } from './http/errors';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { createMailer } from './mail/index';
import { createProcessing } from './processing/index';
import { closeRenderThread } from './documents/renderThread';
import { persistedServerSecret, seedReferenceData } from './services/seed';

/**
 * The server once its database is open (main.ts): migrations, reference data, job processing,
 * listen; SIGTERM/SIGINT stop accepting, let requests in flight finish, close the database and
 * exit 0. Loaded by main.ts while the database opens.
 */
/** The longest a shutdown may take before the process exits anyway. */
const shutdownSeconds = 15;

export async function serve(
  startConfig: Config,
  db: Database,
  log: Logger,
  closeDataFiles: () => Promise<void>,
): Promise<void> {
  let config = startConfig;
  log.info({ engine: db.engine }, 'database opened');
  await db.exclusive('start', async () => {
    await migrate(db);
    await seedReferenceData(db, startConfig, log);
  });
  // Alongside the rest of the start (it walks the whole data directory); done before listening.
  const closing = closeDataFiles();
  setInterval(() => {
    closeDataFiles().catch((err: unknown) =>
      log.warn(safeErrorFields(err), 'data files could not be checked'),
    );
  }, 3_600_000).unref();
  if (!process.env.SERVER_SECRET)
    config = { ...config, serverSecret: await persistedServerSecret(db) };

  const availability = availabilityOf(db, log);
  // pg-boss 10 completes and fails jobs without awaiting the call (manager.js, watch/onFetch): with
  // the database away that promise rejects unhandled, which ended the process. A database fault
  // there is part of the outage (the job stays active and is retried after its timeout); anything
  // else still ends the process, as Node would, but logged without personal data (ADR 1100).
  process.on('unhandledRejection', (reason) => {
    if (availability.report(reason)) return;
    log.fatal(safeErrorFields(reason), 'unhandled rejection');
    process.exit(1);
  });

  const mailer = createMailer({ config, log, dataDir: config.dataDir, clock: systemClock });
  const processing = createProcessing({ db, config, log, clock: systemClock, mailer });
  await processing.start();
  const app = await buildApp({ config, db, log, processing, mailer });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // SIGTERM always ends the process: a database that no longer answers (or a request that
    // never finishes) cannot hold the shutdown longer than this (ADR 1100).
    setTimeout(() => {
      log.error({ signal, afterSeconds: shutdownSeconds }, 'shutdown timed out; exiting');
      process.exit(1);
    }, shutdownSeconds * 1000).unref();
    try {
      await app.close();
      await processing.stop();
      await closeRenderThread();
      availability.stop();
      await db.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ errName: (err as Error).name }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await closing;
  await app.listen({ port: config.port, host: config.host });
  log.info(
    { port: config.port, engine: db.engine },
    `listening on http://localhost:${config.port}`,
  );
}
