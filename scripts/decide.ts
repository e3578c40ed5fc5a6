// npm run decide -- <Vertragsnummer> accept|decline
// A staff member's decision on a pending application: moves the state, issues the certificate
// when accepted and sends the e-mail (see docs/test-personas.md and ADR 0402).
import { join } from 'node:path';
import { systemClock } from '../src/server/clock';
import { createLogger } from '../src/server/log';
import { createMailer } from '../src/server/mail/index';
import { createProcessing, StaffDecisionError } from '../src/server/processing/index';
import { sendApplicationMail } from '../src/server/processing/notify';
import { persistedServerSecret, storedPublicUrl } from '../src/server/services/seed';
import { fail, openCommandDatabase } from './support/commandDatabase';

const usage = 'Aufruf: npm run decide -- <Vertragsnummer> accept|decline';

async function main(): Promise<void> {
  const [number, verdict] = process.argv.slice(2);
  if (!number || (verdict !== 'accept' && verdict !== 'decline')) fail(usage, 2);
  const opened = await openCommandDatabase({ action: 'entscheiden', migrate: false });
  const { db } = opened;
  let { config } = opened;
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  try {
    if (!process.env.SERVER_SECRET)
      config = { ...config, serverSecret: await persistedServerSecret(db) };
    // Links (certificate, e-mail) are the running server's, never this command's environment.
    const publicUrl = await storedPublicUrl(db);
    if (!publicUrl)
      fail(
        'Der Server wurde mit dieser Datenbank noch nie gestartet (keine PUBLIC_URL gespeichert).',
      );
    config = { ...config, publicUrl };
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
