import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * The process state letter of /proc/<pid>/stat ("pid (comm) S ..."; comm may hold spaces and
 * parentheses, so the state follows the last ')'); undefined where there is no /proc.
 */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A server killed with -9 stays a zombie (Z) until its parent (a supervisor, a shell, a test
  // runner) reaps it: signal 0 still reaches it, but it holds nothing any more (issue 28).
  const state = processState(pid);
  return state !== 'Z' && state !== 'X';
}

/**
 * The embedded engine's directory belongs to one process. Two servers on one DATA_DIR each saw
 * only their own writes and lost acknowledged saves on restart, so the second one now refuses to
 * start. The lock file is created exclusively (O_EXCL) and names the owner's pid; a lock whose
 * process is gone (kill -9, power loss) or is a zombie not yet reaped is stale and taken over
 * (ADR 1101, 1132).
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another server process (pid ${owner}, lock file ` +
          `${file}). Two processes on one embedded database lose data: stop the other process ` +
          'first, or give this one its own DATA_DIR, or use DATABASE_URL for several instances.',
      );
    }
    // The owner is gone (or the file is unreadable garbage): a stale lock.
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir}: could not take the lock file ${file}.`);
}
