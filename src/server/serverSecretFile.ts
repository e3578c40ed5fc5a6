import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded engine keeps its server secret in DATA_DIR/server-secret (readable by this user
 * only) as well as in its database: read from a file, it is there before the database is open, so
 * the app is built while PGlite starts (start time, ADR 1001). The file is written from the
 * database's value, so both say the same; SERVER_SECRET, when set, wins over both.
 */
const fileName = 'server-secret';
const form = /^[0-9a-f]{64}$/;

export class SecretFileError extends Error {}

/** The secret from DATA_DIR/server-secret, or undefined when there is no such file yet. */
export function readSecretFile(dataDir: string): string | undefined {
  const file = join(dataDir, fileName);
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (!form.test(text))
    throw new SecretFileError(
      `${file} does not hold a server secret (64 hexadecimal characters). Delete the file: the ` +
        'server writes it again from the secret kept in its database.',
    );
  return text;
}

/** Writes DATA_DIR/server-secret once (mode 0600); an existing file stays as it is. */
export function writeSecretFile(dataDir: string, secret: string): void {
  try {
    writeFileSync(join(dataDir, fileName), `${secret}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
