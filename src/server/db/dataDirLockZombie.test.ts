import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processState } from './dataDirLock';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A real zombie: bash starts a short `sleep` in the background, prints its pid and replaces itself
 * with a long `sleep` that never reaps it. The short one ends and stays a zombie (state Z), as a
 * server killed with -9 does until its parent waits for it.
 */
async function withZombie(): Promise<{ zombie: number; parent: number; stop(): void }> {
  const child = spawn('bash', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const zombie = await new Promise<number>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
  );
  for (let i = 0; i < 50 && processState(zombie) !== 'Z'; i++) await sleep(20);
  return { zombie, parent: child.pid!, stop: () => child.kill('SIGKILL') };
}

/** Issue 28 item 7: a restart right after kill -9 was refused while the dead server was a zombie. */
describe('the data directory lock and a zombie owner', () => {
  const dirs: string[] = [];
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const lockFileOf = (owner: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'mk-zombie-lock-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'server.lock'), `${owner}\n`, { mode: 0o600 });
    return dir;
  };

  it('takes over the lock of a zombie (state Z) and refuses a live owner', async () => {
    const z = await withZombie();
    stops.push(z.stop);
    expect(processState(z.zombie)).toBe('Z');
    // Signal 0 still reaches a zombie: the old check took it for a running server.
    expect(() => process.kill(z.zombie, 0)).not.toThrow();

    const dir = lockFileOf(z.zombie);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);

    // Its parent, a live process (state S), still holds its lock.
    expect(processState(z.parent)).toMatch(/^[SR]$/);
    const busy = lockFileOf(z.parent);
    expect(() => lockDataDir(busy)).toThrow(DataDirLockedError);
  });

  it('reads the state of a running process, and none for a pid that does not exist', () => {
    expect(processState(process.pid)).toMatch(/^[RS]$/);
    expect(processState(2 ** 22 + 12_345)).toBeUndefined();
  });
});
