import { loadConfig, ConfigError } from './config';
import { createLogger } from './log';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/dataDirLock';
import { makeDataDirPrivate } from './db/privateDataDir';

/**
 * Entry point: configuration from the environment, then the database (PGlite in DATA_DIR or
 * DATABASE_URL) opens while the rest of the server loads (serve.ts, a chunk of its own in
 * dist/server): on the embedded engine the PGlite thread starts up in parallel with the loading
 * of Fastify, pg-boss and our modules (start time, ADR 1001).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  // Data files (database, outbox, spool) are readable by this user only (ADR 1112, 1115): ours
  // by the umask; those an older version left open are closed now (while the database opens), and
  // again once it is open and every hour, because PGlite sets its files' modes itself (0666/0644).
  process.umask(0o077);
  const dataDir = config.dataDir;
  const closeDataFiles = async () => {
    const modes = await makeDataDirPrivate(dataDir);
    if (modes.dirs + modes.files > 0)
      log.info({ dirs: modes.dirs, files: modes.files }, 'data files made private');
    if (modes.failed > 0)
      log.warn({ failed: modes.failed }, 'some data files could not be made private');
  };
  const firstPass = closeDataFiles();
  const loading = import('./serve');
  const db = await openDatabase(config).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
  await firstPass;
  const { serve } = await loading;
  await serve(config, db, log, closeDataFiles);
}

main().catch((err: unknown) => {
  process.stderr.write(`Start failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
