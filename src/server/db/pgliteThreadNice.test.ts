import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { pgliteThreadNice } from './pgliteProtocol';

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function niceByThread(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return out;
}

describe('the PGlite thread (issue 30, ADR 1475)', () => {
  it.runIf(process.platform === 'linux')(
    'runs below the priority of the thread that answers HTTP',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-nice-'));
      const db = await openPglite(join(dir, 'pglite'));
      try {
        expect((await db.executeSql('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
        const nice = niceByThread();
        expect([...nice.values()]).toContain(pgliteThreadNice);
        expect(nice.get(process.pid)).toBe(0); // the main thread's id is the process id
      } finally {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
