import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { systemClock, type Clock } from '../clock';
import type { Engine } from '../db/client';
import { createLogger } from '../log';
import { seedReferenceData } from '../services/seed';
import { createMailer } from '../mail/index';
import { createProcessing, type Processing } from '../processing/index';
import type { ServiceOverrides } from '../services/index';
import { createTestDatabase, type TestDatabase } from './database';
import { testSealEnv } from './seal';

export interface TestServer {
  url: string;
  db: TestDatabase;
  app: FastifyInstance;
  config: Config;
  /** The started processing, when `processing: true`. */
  processing?: Processing | undefined;
  close(): Promise<void>;
}

/**
 * A real server on a fresh database, listening on a random port. Config comes from the defaults
 * plus `env` (environment-variable names) and `config` (typed overrides).
 */
export async function startTestServer(opts: {
  engine: Engine;
  env?: Record<string, string>;
  config?: Partial<Config>;
  clock?: Clock;
  services?: ServiceOverrides;
  seed?: boolean;
  /** Receives the server's JSON log lines (default: LOG_LEVEL silent). */
  logLines?: string[];
  /** Start the real decision processing (pg-boss jobs, mails to the outbox). */
  processing?: boolean;
  /**
   * Run on this database instead of a fresh one; close() closes it. Several stateless instances
   * on one PostgreSQL, as in production: each gets its own connection (openPostgres on one URL).
   */
  database?: TestDatabase;
  /** Routes only this test has (the edge's own tests), registered after the app's, before listen. */
  routes?: (app: FastifyInstance) => void;
}): Promise<TestServer> {
  const db = opts.database ?? (await createTestDatabase(opts.engine));
  // Mail outbox and spool of this server only.
  const dataDir = mkdtempSync(join(tmpdir(), 'mk-data-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SERVER_SECRET: 'test-secret-0123456789abcdef',
      BOT_MIN_FILL_SECONDS: '0',
      CAPTCHA_MAX_NUMBER: '1000',
      ...testSealEnv,
      ...opts.env,
    }),
    port: 0,
    host: '127.0.0.1',
    ...opts.config,
  };
  const lines = opts.logLines;
  const log = lines
    ? createLogger('info', { write: (l: string) => void lines.push(l) })
    : createLogger(config.logLevel);
  try {
    if (opts.seed !== false) await seedReferenceData(db, config, log);
    const clock = opts.clock ?? systemClock;
    const mailer = createMailer({ config, log, dataDir, clock });
    const processing = opts.processing
      ? createProcessing({
          db,
          config,
          log,
          clock,
          mailer,
          queue: { maintenanceSeconds: 1, jobTimeoutSeconds: 5 },
        })
      : undefined;
    await processing?.start();
    const app = await buildApp({
      config,
      db,
      log,
      clock,
      services: opts.services,
      processing,
      mailer,
      // A route's answer that is not what it declares fails the test (500 answer_mismatch).
      checkAnswers: true,
    });
    opts.routes?.(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      db,
      app,
      config,
      processing,
      async close() {
        await app.close();
        await processing?.stop();
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
