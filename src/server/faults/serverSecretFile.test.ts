import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { readSecretFile, SecretFileError, writeSecretFile } from '../serverSecretFile';
import { killAll, startChildServer, type ChildServer } from '../testing/childServer';
import { copyPgliteTemplate } from '../testing/pgliteTemplate';

describe('DATA_DIR/server-secret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'mk-secret-'));
    dirs.push(d);
    return d;
  };
  const started: ChildServer[] = [];
  afterAll(async () => {
    await killAll(started);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is written once, readable by its owner only, and read back as it was', () => {
    const dir = tempDir();
    expect(readSecretFile(dir)).toBeUndefined();
    writeSecretFile(dir, 'a'.repeat(64));
    writeSecretFile(dir, 'b'.repeat(64)); // an existing file stays
    expect(readSecretFile(dir)).toBe('a'.repeat(64));
    expect(statSync(join(dir, 'server-secret')).mode & 0o777).toBe(0o600);
  });

  it.each(['', 'short', 'g'.repeat(64), `${'a'.repeat(64)}0`])(
    'refuses a file holding %j with a message saying what to do',
    (text) => {
      const dir = tempDir();
      writeFileSync(join(dir, 'server-secret'), text);
      expect(() => readSecretFile(dir)).toThrow(SecretFileError);
      expect(() => readSecretFile(dir)).toThrow(/Delete the file/);
    },
  );

  it('the server writes the database secret to it, keeps it across restarts and refuses a damaged one', async () => {
    const dataDir = tempDir();
    // A migrated database without a secret yet (initdb is not what this test is about).
    await copyPgliteTemplate(join(dataDir, 'pglite'));
    const env = { DATA_DIR: dataDir, SERVER_SECRET: undefined };
    const stop = async (s: ChildServer) => {
      s.process.kill('SIGTERM');
      expect((await s.exited).code).toBe(0);
    };
    const first = await startChildServer(env);
    started.push(first);
    const fromFile = readSecretFile(dataDir);
    expect(fromFile).toMatch(/^[0-9a-f]{64}$/);
    await stop(first);

    // A restart builds the app with the file's secret before the database is open.
    const second = await startChildServer(env);
    started.push(second);
    await stop(second);
    expect(readSecretFile(dataDir)).toBe(fromFile);
    const db = await openDatabase({ dataDir });
    try {
      const r = await db.executeSql(
        `SELECT value FROM server_settings WHERE key = 'server_secret'`,
      );
      expect(r.rows).toEqual([{ value: fromFile }]);
    } finally {
      await db.close();
    }

    writeFileSync(join(dataDir, 'server-secret'), 'not a secret\n');
    const third = await startChildServer(env, { ready: false });
    started.push(third);
    expect((await third.exited).code).toBe(1);
    expect(third.stderr.join('\n')).toContain(
      `${join(dataDir, 'server-secret')} does not hold a server secret`,
    );
    expect(readFileSync(join(dataDir, 'server-secret'), 'utf8')).toBe('not a secret\n');
  }, 180_000);
});
