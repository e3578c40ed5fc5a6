import { loadConfig, ConfigError } from './config';
import { systemClock } from './clock';
import { createLogger } from './log';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { createMailer } from './mail/index';
import { createProcessing } from './processing/index';
import { persistedServerSecret, seedReferenceData } from './services/seed';

/**
 * Entry point: configuration from the environment, database (PGlite in DATA_DIR or DATABASE_URL),
 * migrations, reference data, listen; SIGTERM/SIGINT stop accepting, let requests in flight
 * finish, close the database and exit 0.
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
  const db = await openDatabase(config);
  log.info({ engine: db.engine }, 'database opened');
  await migrate(db);
  await seedReferenceData(db, config, log);
  if (!process.env.SERVER_SECRET)
    config = { ...config, serverSecret: await persistedServerSecret(db) };

  const mailer = createMailer({ config, log, dataDir: config.dataDir, clock: systemClock });
  const processing = createProcessing({ db, config, log, clock: systemClock, mailer });
  await processing.start();
  const app = await buildApp({ config, db, log, processing, mailer });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await processing.stop();
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

  await app.listen({ port: config.port, host: config.host });
  log.info(
    { port: config.port, engine: db.engine },
    `listening on http://localhost:${config.port}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`Start failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
