import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './childServer';

/**
 * The code before issue 13 (PGlite on the event loop, tsx at run time), checked out once per bench
 * run as a git worktree beside ours, so "today's figure" is measured side by side in the same run
 * (issue 13 item 5). BENCH_BASELINE=<commit> picks another; BENCH_BASELINE=none skips it.
 */
export const baselineRef = process.env.BENCH_BASELINE ?? 'fb927e7b0b3ee227e4a7ac3856d6183389c7a249';

export interface Baseline {
  dir: string;
  remove(): void;
}

export function checkoutBaseline(): Baseline | undefined {
  if (baselineRef === 'none') return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'quality-bench-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, baselineRef], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  // Its own packages when its lock file differs from ours (pdf-lib, say, has gone since), else
  // ours: a baseline that cannot start measures nothing.
  const lock = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(repoRoot))
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  else
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
      timeout: 600_000,
    });
  return {
    dir,
    remove() {
      try {
        execFileSync('git', ['worktree', 'remove', '--force', dir], {
          cwd: repoRoot,
          stdio: 'ignore',
        });
      } catch {
        rmSync(dir, { recursive: true, force: true });
        execFileSync('git', ['worktree', 'prune'], { cwd: repoRoot, stdio: 'ignore' });
      }
    },
  };
}
