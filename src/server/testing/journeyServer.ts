import { afterAll, beforeAll } from 'vitest';
import { fixedClock } from '../clock';
import type { Engine } from '../db/client';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { testNow } from './fixtures';
import { startTestServer, type TestServer } from './server';

/**
 * The setup of the API journeys after the sale (claims, money, partial release): a real server on
 * a fresh `engine` database with the decision processing started, mail to a real SMTP peer, links
 * to https://antrag.example, and a clock standing at testNow (2 March 2026, 10:00 in Berlin)
 * that the tests move. Started before the file's tests, closed after them; call inside
 * `describe`. `env` adds the server's environment variables.
 */
export function useJourneyServer(engine: Engine, env: Record<string, string> = {}) {
  const clock = fixedClock(testNow);
  let server: TestServer | undefined;
  let peer: SmtpPeer | undefined;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { SMTP_URL: peer.url, PUBLIC_URL: 'https://antrag.example', ...env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });
  const started = () => {
    if (!server || !peer) throw new Error('useJourneyServer: the server is not started yet');
    return { server, peer };
  };
  return {
    clock,
    get s(): TestServer {
      return started().server;
    },
    get smtp(): SmtpPeer {
      return started().peer;
    },
  };
}
