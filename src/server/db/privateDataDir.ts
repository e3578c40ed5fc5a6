import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface PrivateDataDirReport {
  /** Directories and files whose group or world bits were removed. */
  dirs: number;
  files: number;
  /** Entries that could not be changed (another owner); the start goes on. */
  failed: number;
}

/** One file-system call of a pass; the driver answers it (or throws its error into the pass). */
type Step =
  | { op: 'mkdir'; path: string }
  | { op: 'stat' | 'lstat'; path: string }
  | { op: 'readdir'; path: string }
  | { op: 'chmod'; path: string; mode: number };

type Pass = Generator<Step, PrivateDataDirReport, unknown>;

/**
 * DATA_DIR and everything below it readable by the server user only (ADR 1115): the directory
 * itself and its subdirectories 0700, files 0600. Closes what an older version, a command run with
 * another umask or a restored backup left open (WAL files were 0666, the directory 0755), and what
 * PGlite creates: it sets its files' modes itself (0666 from initdb, 0644 later), whatever the
 * umask. One pass is an lstat per entry and a chmod only where a group or world bit is set.
 * Symbolic links are neither followed nor changed (their target is not ours to change).
 * Written once as the calls it makes; makeDataDirPrivateSync and makeDataDirPrivate make them.
 */
function* pass(dataDir: string): Pass {
  const report: PrivateDataDirReport = { dirs: 0, files: 0, failed: 0 };
  function* fix(path: string, mode: number, wanted: number, kind: 'dirs' | 'files') {
    if ((mode & 0o077) === 0) return;
    try {
      yield { op: 'chmod', path, mode: wanted } satisfies Step;
      report[kind]++;
    } catch (err) {
      // Removed meanwhile (the database opening beside this pass): nothing left to close.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') report.failed++;
    }
  }
  function* walk(dir: string): Generator<Step, void, unknown> {
    let names: string[];
    try {
      names = (yield { op: 'readdir', path: dir }) as string[];
    } catch {
      report.failed++;
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let st: Stats;
      try {
        st = (yield { op: 'lstat', path }) as Stats;
      } catch {
        continue; // removed meanwhile
      }
      if (st.isDirectory()) {
        yield* fix(path, st.mode, 0o700, 'dirs');
        yield* walk(path);
      } else if (st.isFile()) {
        yield* fix(path, st.mode, 0o600, 'files');
      }
    }
  }
  yield { op: 'mkdir', path: dataDir };
  // DATA_DIR itself may be a link to the volume: the directory it names is ours.
  yield* fix(dataDir, ((yield { op: 'stat', path: dataDir }) as Stats).mode, 0o700, 'dirs');
  yield* walk(dataDir);
  return report;
}

const syncCalls = {
  mkdir: (s: Step) => mkdirSync(s.path, { recursive: true, mode: 0o700 }),
  stat: (s: Step) => statSync(s.path),
  lstat: (s: Step) => lstatSync(s.path),
  readdir: (s: Step) => readdirSync(s.path),
  chmod: (s: Step) => chmodSync(s.path, (s as { mode: number }).mode),
};

const asyncCalls = {
  mkdir: (s: Step) => mkdir(s.path, { recursive: true, mode: 0o700 }),
  stat: (s: Step) => stat(s.path),
  lstat: (s: Step) => lstat(s.path),
  readdir: (s: Step) => readdir(s.path),
  chmod: (s: Step) => chmod(s.path, (s as { mode: number }).mode),
};

/**
 * The pass with blocking calls: about a third of the CPU of the asynchronous one (no promise
 * per entry, no hand-over to libuv's pool), for the PGlite thread's passes at start (ADR 1370).
 */
export function makeDataDirPrivateSync(dataDir: string): PrivateDataDirReport {
  const steps = pass(dataDir);
  let next = steps.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = syncCalls[next.value.op](next.value);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}

/** The pass without blocking the thread: one call at a time (the hourly pass on the main thread). */
export async function makeDataDirPrivate(dataDir: string): Promise<PrivateDataDirReport> {
  const steps = pass(dataDir);
  let next = steps.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = await asyncCalls[next.value.op](next.value);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}
