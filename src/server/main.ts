import { resolve } from 'node:path';
import { startDatabase } from './db/client';
import { DataDirLockedError } from './db/dataDirLock';
import { SecretFileError } from './serverSecretFile';
import { startMark } from './startTrace';

/**
 * Entry point. On the embedded engine the PGlite thread starts before anything else loads (its
 * WebAssembly compile and PostgreSQL's start are the longest part of a start); meanwhile this
 * thread loads the configuration, checks it, loads the rest of the server (serve.ts, chunks of their
 * own in dist/server) and, when it knows the server secret, builds the app (serve.ts). Start time,
 * ADR 1001.
 */
async function main(): Promise<void> {
  // Data files (database, outbox, spool) are readable by this user only (ADR 1112, 1115): ours
  // by the umask, set before the database creates any.
  process.umask(0o077);
  startMark('main');
  // The same DATA_DIR the configuration resolves (config.ts: default './data'); an empty or
  // otherwise invalid value waits for the configuration's message below.
  const early =
    !process.env.DATABASE_URL && process.env.DATA_DIR !== ''
      ? resolve(process.env.DATA_DIR ?? './data')
      : undefined;
  const opening = early ? startDatabase({ dataDir: early }) : undefined;
  opening?.catch(() => undefined); // awaited (and reported) below
  const [{ loadCheckedConfig, ConfigError }, { createLogger }, { makeDataDirPrivate }] =
    await Promise.all([import('./config'), import('./log'), import('./db/privateDataDir')]);

  startMark('modules loaded');
  let config;
  try {
    config = await loadCheckedConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  const dataDir = config.dataDir;
  // Those an older version left open are closed now (while the database opens), and again once it
  // is open and every hour, because PGlite sets its files' modes itself (0666/0644).
  const closeDataFiles = async () => {
    const modes = await makeDataDirPrivate(dataDir);
    if (modes.dirs + modes.files > 0)
      log.info({ dirs: modes.dirs, files: modes.files }, 'data files made private');
    if (modes.failed > 0)
      log.warn({ failed: modes.failed }, 'some data files could not be made private');
  };
  const firstPass = closeDataFiles();
  const loading = import('./serve');
  const database = await (
    opening && config.dataDir === early && !config.databaseUrl ? opening : startDatabase(config)
  ).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
  const { serve } = await loading;
  await serve(config, database, log, { firstPass, close: closeDataFiles });
}

main().catch((err: unknown) => {
  if (err instanceof SecretFileError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Start failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
