import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/server/config';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/mail/testing/smtp-peer';
import type { TestDatabase } from '../../src/server/testing/database';
import { startTestServer, type TestServer } from '../../src/server/testing/server';

export type Engine = 'pglite' | 'postgres';

export interface AppServer {
  url: string;
  db: TestDatabase;
  app: FastifyInstance;
  smtp: SmtpPeer;
  config: Config;
  /** The started processing (its `money` runs the collection job in tests, issue 25). */
  processing?: TestServer['processing'];
  close(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it: src/server/testing's real server on a fresh database
 * (either engine) with the decision processing started, mail over SMTP to a real SMTP peer, and
 * the web app built once for this run (global-setup), listening on port 0. One per test file;
 * journeys get their own browser context. `env` takes the server's environment variables
 * (API_GENERATION=old, RECONFIGURED=1, GEOCODER_URL, CHAT_URL, ...).
 */
export async function startAppServer(
  opts: { engine?: Engine; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const webDistDir = inject('webDistDir');
  if (!webDistDir) throw new Error(inject('webBuildError') || 'web app not built');
  const smtp = await startSmtpPeer();
  try {
    const server = await startTestServer({
      engine: opts.engine ?? 'pglite',
      processing: true,
      env: {
        CAPTCHA_MAX_NUMBER: '1000',
        // Journeys write many times from one address.
        RATE_LIMIT_WRITES: '10000',
        SMTP_URL: smtp.url,
        ...opts.env,
      },
      config: { webDistDir },
    });
    // Links in e-mails (save for later) point at this server.
    server.config.publicUrl = server.url;
    return {
      ...server,
      smtp,
      async close() {
        await server.close();
        await smtp.close();
      },
    };
  } catch (err) {
    await smtp.close();
    throw err;
  }
}
