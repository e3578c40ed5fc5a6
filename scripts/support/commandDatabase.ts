// The database of a command-line tool: the configured one (DATABASE_URL or DATA_DIR), migrated
// unless the tool says otherwise. Reference data (example partners) is loaded by the server's first
// start or import:partners. PGlite allows one process per data directory, so a running server
// (its processing.pid) stops the tool with a clear message.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadCheckedConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { makeDataDirPrivate } from '../../src/server/db/privateDataDir';

export function fail(message: string, code = 1): never {
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

/**
 * `action` names what the tool does in the message about a running server; `migrate: false` for a
 * tool that only works on a database the server has set up (npm run decide).
 */
export async function openCommandDatabase({
  action = 'Befehl ausführen',
  migrate: migrated = true,
}: { action?: string; migrate?: boolean } = {}): Promise<{ db: Database; config: Config }> {
  // Like the server (main.ts, ADR 1112): whatever a command writes is the server user's only.
  process.umask(0o077);
  let config: Config;
  try {
    config = await loadCheckedConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid)
      fail(
        `Der Server (PID ${pid}) hält die eingebettete Datenbank in ${config.dataDir}. ` +
          `PGlite erlaubt nur einen Prozess: Server kurz stoppen, ${action}, wieder starten ` +
          '(mit DATABASE_URL geht es im laufenden Betrieb).',
      );
  }
  const opened = await openDatabase(config);
  if (migrated) await migrate(opened);
  // PGlite sets its files' modes itself, whatever the umask (ADR 1115): closing the command's
  // database closes them too, so no command leaves a file the server's next start must close.
  const dataDir = config.dataDir;
  const db: Database =
    opened.engine === 'pglite'
      ? {
          ...opened,
          close: async () => {
            await opened.close();
            await makeDataDirPrivate(dataDir);
          },
        }
      : opened;
  return { db, config };
}
