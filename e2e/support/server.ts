import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { systemClock } from '../../src/server/clock';
import { loadConfig, type Config } from '../../src/server/config';
import { createLogger } from '../../src/server/log';
import { createMailer } from '../../src/server/mail/index';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/mail/testing/smtp-peer';
import { createProcessing } from '../../src/server/processing/index';
import { seedReferenceData } from '../../src/server/services/seed';
import { createTestDatabase, type TestDatabase } from '../../src/server/testing/database';
import type { FastifyInstance } from 'fastify';

export type Engine = 'pglite' | 'postgres';

export interface AppServer {
  url: string;
  db: TestDatabase;
  app: FastifyInstance;
  smtp: SmtpPeer;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it (src/server/main.ts): a fresh database, the decision
 * processing started, mail over SMTP to a real SMTP peer, the web app built once for this run,
 * listening on port 0. One per test file; journeys get their own browser context.
 *
 * Adapter: src/server/testing's startTestServer does not start the processing yet, which the
 * journeys need to reach /callback/danke, so this mirrors main.ts with test settings.
 */
export async function startAppServer(
  opts: { engine?: Engine; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const webDistDir = inject('webDistDir');
  if (!webDistDir) throw new Error(inject('webBuildError') || 'web app not built');
  const [db, smtp] = await Promise.all([
    createTestDatabase(opts.engine ?? 'pglite'),
    startSmtpPeer(),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'mk-e2e-'));
  const base = loadConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SERVER_SECRET: 'test-secret-0123456789abcdef',
    BOT_MIN_FILL_SECONDS: '0',
    CAPTCHA_COST: '1000',
    // Journeys write many times from one address.
    RATE_LIMIT_WRITES: '10000',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ...opts.env,
  });
  const config: Config = { ...base, port: 0, host: '127.0.0.1', webDistDir };
  const log = createLogger(config.logLevel);
  await seedReferenceData(db, config, log);
  const mailer = createMailer({ config, log, dataDir, clock: systemClock });
  const processing = createProcessing({
    db,
    config,
    log,
    clock: systemClock,
    mailer,
    queue: { maintenanceSeconds: 1, jobTimeoutSeconds: 10 },
  });
  await processing.start();
  const app = await buildApp({ config, db, log, processing, mailer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  config.publicUrl = url;
  return {
    url,
    db,
    app,
    smtp,
    config,
    async close() {
      await app.close();
      await processing.stop();
      await db.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
