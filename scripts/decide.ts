// npm run decide -- <Vertragsnummer> accept|decline
// A staff member's decision on a pending application: moves the state, issues the certificate
// when accepted and sends the e-mail (see docs/test-personas.md and ADR 0402).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../src/server/clock';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createLogger } from '../src/server/log';
import { createMailer } from '../src/server/mail/index';
import { createProcessing, StaffDecisionError } from '../src/server/processing/index';
import { sendApplicationMail } from '../src/server/processing/notify';
import { persistedServerSecret } from '../src/server/services/seed';

const usage = 'Aufruf: npm run decide -- <Vertragsnummer> accept|decline';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function runningServerPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'processing.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // stale file of a crashed server
  }
}

async function main(): Promise<void> {
  const [number, verdict] = process.argv.slice(2);
  if (!number || (verdict !== 'accept' && verdict !== 'decline')) fail(usage, 2);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      fail(
        `Der Server (PID ${pid}) hält die eingebettete Datenbank in ${config.dataDir}. ` +
          'PGlite erlaubt nur einen Prozess: Server kurz stoppen, entscheiden, wieder starten ' +
          '(mit DATABASE_URL geht es im laufenden Betrieb).',
      );
    }
  }
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const db = await openDatabase(config);
  try {
    if (!process.env.SERVER_SECRET)
      config = { ...config, serverSecret: await persistedServerSecret(db) };
    const mailer = createMailer({ config, log, dataDir: config.dataDir, clock: systemClock });
    const processing = createProcessing({ db, config, log, clock: systemClock, mailer });
    await processing.start({ workers: false });
    try {
      const result = await processing.decide(number, verdict);
      // Send now; the queued mail job then finds it sent and does nothing.
      await sendApplicationMail(
        processing.context,
        result.applicationId,
        `${result.kind}-${result.outcome}`,
      );
      const word = result.outcome === 'accepted' ? 'angenommen' : 'abgelehnt';
      process.stdout.write(
        `${result.number}: ${word}. E-Mail ${mailer.transport === 'smtp' ? 'per SMTP versendet' : `im Postausgang ${join(config.dataDir, 'outbox')}`}.\n`,
      );
    } finally {
      await processing.stop();
    }
  } catch (err) {
    if (!(err instanceof StaffDecisionError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => fail(`Fehler: ${(err as Error).stack ?? String(err)}`));
