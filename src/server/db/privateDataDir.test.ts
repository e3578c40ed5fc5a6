import { afterAll, describe, expect, it } from 'vitest';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, startChildServer, type ChildServer } from '../testing/childServer';
import { waitFor } from '../testing/webhookReceiver';
import { makeDataDirPrivate } from './privateDataDir';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every directory and file below `dir` with its mode (symbolic links left out). */
function modesBelow(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path, mode(path));
  }
  return out;
}

/** A DATA_DIR as an older version left it: 0755 directories, 0644 and 0666 files. */
function oldStyleDataDir(): { dir: string; outside: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mk-modes-'));
  const outside = mkdtempSync(join(tmpdir(), 'mk-modes-outside-'));
  for (const sub of ['outbox', 'mail-spool', 'pglite/pg_wal'])
    mkdirSync(join(dir, sub), { recursive: true });
  const files: [string, number][] = [
    ['outbox/2026-01-01-resume.eml', 0o644],
    ['mail-spool/abc.json', 0o644],
    ['pglite/pg_wal/000000010000000000000001', 0o666],
    ['pglite/PG_VERSION', 0o644],
    ['seal.p12', 0o640],
    ['already-private.txt', 0o600],
  ];
  for (const [name, m] of files) {
    writeFileSync(join(dir, name), 'x');
    chmodSync(join(dir, name), m);
  }
  for (const sub of ['', 'outbox', 'mail-spool', 'pglite', 'pglite/pg_wal'])
    chmodSync(join(dir, sub), 0o755);
  // A link to a file that is not ours to change.
  writeFileSync(join(outside, 'shared.pem'), 'x');
  chmodSync(join(outside, 'shared.pem'), 0o644);
  symlinkSync(join(outside, 'shared.pem'), join(dir, 'link.pem'));
  return { dir, outside };
}

/** Issue 15 item 13 / ADR 1115: data files written by an older version are closed at start. */
describe('DATA_DIR made private at start', () => {
  const dirs: string[] = [];
  const started: ChildServer[] = [];
  afterAll(async () => {
    await killAll(started);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('makes directories 0700 and files 0600, leaves private ones and linked targets alone', async () => {
    const { dir, outside } = oldStyleDataDir();
    dirs.push(dir, outside);
    const report = await makeDataDirPrivate(dir);
    // DATA_DIR, outbox, mail-spool, pglite, pg_wal; five open files (the private one is left).
    expect(report).toEqual({ dirs: 5, files: 5, failed: 0 });
    expect(mode(dir)).toBe(0o700);
    for (const [path, m] of modesBelow(dir))
      expect([path, m]).toEqual([path, statSync(path).isDirectory() ? 0o700 : 0o600]);
    expect(mode(join(outside, 'shared.pem'))).toBe(0o644);
    // A second pass has nothing to do.
    expect(await makeDataDirPrivate(dir)).toEqual({ dirs: 0, files: 0, failed: 0 });
  });

  it('the real server closes an old embedded database and outbox, then serves from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mk-modes-server-'));
    dirs.push(dir);
    // A database written by a real server, then opened up as an older version would have left it.
    const first = await startChildServer({ DATA_DIR: dir });
    started.push(first);
    // A fresh database too: PGlite's initdb writes 0666 files whatever the umask.
    expect([...modesBelow(dir)].filter(([, m]) => (m & 0o077) !== 0)).toEqual([]);
    first.process.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    mkdirSync(join(dir, 'outbox'), { recursive: true });
    writeFileSync(join(dir, 'outbox', 'old.eml'), 'Subject: x\r\n\r\nx');
    let opened = 0;
    chmodSync(dir, 0o755);
    for (const [path] of modesBelow(dir)) {
      chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
      opened++;
    }
    expect(opened).toBeGreaterThan(100);

    const second = await startChildServer({ DATA_DIR: dir });
    started.push(second);
    expect(mode(dir)).toBe(0o700);
    const open = [...modesBelow(dir)].filter(([, m]) => (m & 0o077) !== 0);
    expect(open).toEqual([]);
    // Log lines are written in batches (ADR 0600): the server may answer before this one is out.
    const madePrivate = () =>
      second.stdout
        .map((l) => JSON.parse(l) as { msg?: string; files?: number })
        .find((l) => l.msg === 'data files made private');
    await waitFor(() => madePrivate() !== undefined, 50);
    expect(madePrivate()?.files).toBeGreaterThan(100);
    expect((await fetch(`${second.url}/health`)).status).toBe(200);
    second.process.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 120_000);
});
