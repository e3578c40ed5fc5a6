import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from '../testing/childServer';
import { call } from '../testing/http';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's log is written in batches (at most a second late): wait for a line. */
async function logLines(s: ChildServer, text: string): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const found = s.stdout.filter((l) => l.includes(text));
    if (found.length > 0) return found;
    await sleep(100);
  }
  return [];
}

/** Mounts a small tmpfs (root only, as in CI's container); undefined when that is impossible. */
function mountTmpfs(dir: string, size: string): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: mount -t tmpfs needs CAP_SYS_ADMIN';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (err) {
    return `mount failed: ${(err as { stderr?: Buffer }).stderr?.toString().trim()}`;
  }
}

/** Writes zeros until the file system is full (ENOSPC). */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

/**
 * Issue 15 item 3: the embedded engine on a nearly full disk (a 120 MB tmpfs filled up while the
 * real server runs). Saves answer 507 with Retry-After instead of 500, /health answers and says
 * why, the cause is logged once, SIGTERM works, and once space is freed the server recovers.
 */
const mountPoint = mkdtempSync(join(tmpdir(), 'mk-tmpfs-'));
const whyNot = mountTmpfs(mountPoint, '120m');

describe('embedded engine on a full disk', () => {
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server?.alive()) {
      server.process.kill('SIGKILL');
      await server.exited;
    }
    if (!whyNot) execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it.skipIf(whyNot !== undefined)(
    `answers 507, keeps /health and SIGTERM working, recovers${whyNot ? ` (skipped: ${whyNot})` : ''}`,
    async () => {
      const s = await startChildServer({
        DATA_DIR: join(mountPoint, 'data'),
        RATE_LIMIT_WRITES: '100000',
      });
      server = s;
      const save = () =>
        call(s.url, 'POST', '/api/tenancies?step=tenant', {
          tenant: { firstName: 'Max', name: 'Mustermann' },
          landlord: { name: 'L'.repeat(25) },
        });
      expect((await save()).status).toBe(200);
      fillDisk(join(mountPoint, 'filler'));
      // Saves go on until PostgreSQL needs a new page and finds no space.
      let r = await save();
      for (let i = 0; i < 2000 && r.status === 200; i++) r = await save();
      expect(r.status).toBe(507);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(r.body.errors[0].code).toBe('insufficient_storage');
      expect((await save()).status).toBe(507);
      const health = await call(s.url, 'GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body.reason).toBe('disk_full');
      expect(await logLines(s, 'database disk full')).toHaveLength(1);
      expect(s.stdout.filter((l) => l.includes('request failed'))).toEqual([]);

      rmSync(join(mountPoint, 'filler'));
      let ok = await call(s.url, 'GET', '/health');
      for (let i = 0; i < 300 && ok.status !== 200; i++) {
        await sleep(100);
        ok = await call(s.url, 'GET', '/health');
      }
      expect(ok.status).toBe(200);
      expect((await save()).status).toBe(200);
      expect(await logLines(s, 'database available again')).toHaveLength(1);

      fillDisk(join(mountPoint, 'filler'));
      s.process.kill('SIGTERM');
      const exit = await s.exited;
      expect(exit.signal).toBeNull();
      expect([0, 1]).toContain(exit.code);
    },
    180_000,
  );
});
