import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, startChildServer, type ChildServer } from '../testing/childServer';

/**
 * Issue 15 item 2: two real server processes on one embedded DATA_DIR. The second refuses to start
 * with a message naming the first one's pid; after a kill -9 the stale lock is taken over.
 */
describe('one process per embedded DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mk-lock-'));
  const started: ChildServer[] = [];
  afterAll(async () => {
    await killAll(started);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process, takes over a stale lock, releases it on SIGTERM', async () => {
    const first = await startChildServer({ DATA_DIR: dataDir });
    started.push(first);
    const lockFile = join(dataDir, 'server.lock');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.process.pid));
    // Data files are the server user's only (umask 077, DATA_DIR 0700).
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(lockFile).mode & 0o077).toBe(0);

    const second = await startChildServer({ DATA_DIR: dataDir }, { ready: false });
    started.push(second);
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.stderr.join('\n')).toContain(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${first.process.pid}`,
    );
    // The first one is untouched and still serves.
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    first.process.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const third = await startChildServer({ DATA_DIR: dataDir });
    started.push(third);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(third.process.pid));
    third.process.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);
});
