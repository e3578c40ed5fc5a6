// The operator commands (decide, partner-key, partner-webhook, staff) as one path (ADR 1203): with
// the embedded engine and a server running on DATA_DIR, the server runs the command through its
// control socket; otherwise (PostgreSQL, or no server) this process opens the database itself.
import { systemClock } from '../../src/server/clock';
import { ConfigError, loadCheckedConfig, type Config } from '../../src/server/config';
import { commands, type CommandName } from '../../src/server/commands/registry';
import { sendCommand } from '../../src/server/commands/socket';
import type { CommandResult } from '../../src/server/commands/types';
import { createLogger } from '../../src/server/log';
import { createMailer } from '../../src/server/mail/index';
import { createProcessing } from '../../src/server/processing/index';
import { persistedServerSecret, storedPublicUrl } from '../../src/server/services/seed';
import { fail, openCommandDatabase } from './commandDatabase';

function print(result: CommandResult): void {
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

export async function runOperatorCommand(name: CommandName): Promise<void> {
  const args = process.argv.slice(2);
  let config: Config;
  try {
    config = await loadCheckedConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) {
    const answered = await sendCommand(config.dataDir, name, args);
    if (answered) return print(answered);
  }
  // decide works only on a database the server has set up; the others may migrate a fresh one.
  const opened = await openCommandDatabase({ migrate: name !== 'decide' });
  const { db } = opened;
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  try {
    const withSecret = process.env.SERVER_SECRET
      ? opened.config
      : { ...opened.config, serverSecret: await persistedServerSecret(db) };
    // Links (certificate, e-mails) are the running server's: the PUBLIC_URL it stored at its last
    // start, never this command's environment (issue 27).
    const publicUrl = await storedPublicUrl(db);
    if (!publicUrl && name === 'decide')
      fail(
        'Der Server wurde mit dieser Datenbank noch nie gestartet (keine PUBLIC_URL gespeichert).',
      );
    const cfg = publicUrl ? { ...withSecret, publicUrl } : withSecret;
    const result = await commands[name](
      {
        db,
        config: cfg,
        clock: systemClock,
        log,
        async withProcessing(fn) {
          const mailer = createMailer({
            config: cfg,
            log,
            dataDir: cfg.dataDir,
            clock: systemClock,
          });
          const processing = createProcessing({ db, config: cfg, log, clock: systemClock, mailer });
          await processing.start({ workers: false });
          try {
            return await fn(processing);
          } finally {
            await processing.stop();
          }
        },
      },
      args,
    );
    print(result);
  } finally {
    await db.close();
  }
}
