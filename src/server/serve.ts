import type { Config } from './config';
import { systemClock } from './clock';
import type { Logger } from './log';
import type { OpeningDatabase } from './db/client';
import { availabilityOf } from './db/availability';
import { safeErrorFields } from './http/errors';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { createMailer } from './mail/index';
import { createProcessing } from './processing/index';
import { closeRenderThread, setRenderThreadLimit } from './documents/renderThread';
import { persistedServerSecret, seedReferenceData } from './services/seed';
import { readSecretFile, writeSecretFile } from './serverSecretFile';
import { startMark } from './startTrace';
import { startControlSocket } from './commands/socket';

/**
 * The server while its database opens (main.ts): the app (early when the server secret is known),
 * then migrations, reference data, job processing, listen. SIGTERM/SIGINT stop accepting, let
 * requests in flight finish, close the database and exit 0. Loaded by main.ts while the database
 * opens.
 */
/** The longest a shutdown may take before the process exits anyway. */
const shutdownSeconds = 15;

/**
 * How long after listening the job workers start (ADR 1410). Their first fetches (eleven at once,
 * on PGlite one thread, ~200 ms on a quiet machine) would otherwise hold up the first requests.
 */
const workersAfterListenMs = 1000;

export async function serve(
  startConfig: Config,
  { db, opened }: OpeningDatabase,
  log: Logger,
  dataFiles: { firstPass: Promise<void>; close: () => Promise<void> },
): Promise<void> {
  const availability = availabilityOf(db, log);
  setRenderThreadLimit(startConfig.documentThreads);
  // pg-boss 10 completes and fails jobs without awaiting the call (manager.js, watch/onFetch): with
  // the database away that promise rejects unhandled, which ended the process. A database fault
  // there is part of the outage (the job stays active and is retried after its timeout); anything
  // else still ends the process, as Node would, but logged without personal data (ADR 1100).
  process.on('unhandledRejection', (reason) => {
    if (availability.report(reason)) return;
    log.fatal(safeErrorFields(reason), 'unhandled rejection');
    process.exit(1);
  });

  /** Everything but the database's own start; built as soon as the server secret is known. */
  const assemble = (serverSecret: string) => {
    const config = { ...startConfig, serverSecret };
    const mailer = createMailer({ config, log, dataDir: config.dataDir, clock: systemClock });
    const processing = createProcessing({ db, config, log, clock: systemClock, mailer });
    return { config, processing, app: buildApp({ config, db, log, processing, mailer }) };
  };
  // SERVER_SECRET, or the embedded engine's secret file (written at its first start): then the app
  // is built while PGlite opens (nothing reaches the database before migrate() below: routes
  // and services only keep it). Otherwise it comes from the database, once that is open.
  const secretFile =
    !process.env.SERVER_SECRET && db.engine === 'pglite'
      ? readSecretFile(startConfig.dataDir)
      : undefined;
  const knownSecret = process.env.SERVER_SECRET ? startConfig.serverSecret : secretFile;
  const early = knownSecret === undefined ? undefined : assemble(knownSecret);
  early?.app.catch(() => undefined); // awaited below, after the database's own errors

  await opened;
  startMark('database open');
  log.info({ engine: db.engine }, 'database opened');
  await db.exclusive('start', async () => {
    await migrate(db);
    await seedReferenceData(db, startConfig, log);
  });
  startMark('migrated');
  // Alongside the rest of the start (it walks the whole data directory); done before listening.
  const closing = Promise.all([dataFiles.firstPass, dataFiles.close()]);
  setInterval(() => {
    dataFiles
      .close()
      .catch((err: unknown) => log.warn(safeErrorFields(err), 'data files could not be checked'));
  }, 3_600_000).unref();

  let parts = early;
  if (!parts) {
    const secret = await persistedServerSecret(db);
    if (db.engine === 'pglite') writeSecretFile(startConfig.dataDir, secret);
    parts = assemble(secret);
  }
  const { processing } = parts;
  let control: { close(): Promise<void> } | undefined;
  // The file's secret is kept in the database too, when it holds none (a new database beside an
  // old file), so the file can always be written again from it.
  const fileKept = async () => {
    if (secretFile === undefined) return;
    if ((await persistedServerSecret(db, secretFile)) !== secretFile)
      log.warn(
        'the database keeps another server secret than DATA_DIR/server-secret; the file wins',
      );
  };
  // The job queue's start is mostly waiting for the database, building the app is CPU on this
  // thread: side by side they take about as long as the longer of the two (start time, ADR 1001).
  // Nothing is served before both are done (listen comes last).
  let listened!: () => void;
  const workersFrom = new Promise<void>((go) => (listened = go));
  const [app] = await Promise.all([parts.app, processing.start({ workersFrom }), fileKept()]);
  startMark('app built, jobs started');
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
      await control?.close();
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
  const { port, host } = startConfig;
  await app.listen({ port, host });
  // The embedded engine is this process's alone: operator commands run here (ADR 1203).
  if (db.engine === 'pglite')
    control = await startControlSocket(
      startConfig.dataDir,
      {
        db,
        config: parts.config,
        clock: systemClock,
        log,
        withProcessing: (fn) => fn(processing),
      },
      log,
    );
  setTimeout(listened, workersAfterListenMs).unref();
  startMark('listening');
  log.info({ port, engine: db.engine }, `listening on http://localhost:${port}`);
}
