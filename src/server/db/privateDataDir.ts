import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface PrivateDataDirReport {
  /** Directories and files whose group or world bits were removed. */
  dirs: number;
  files: number;
  /** Entries that could not be changed (another owner); the start goes on. */
  failed: number;
}

/**
 * DATA_DIR and everything below it readable by the server user only (ADR 1115): the directory
 * itself and its subdirectories 0700, files 0600. Closes what an older version, a command run with
 * another umask or a restored backup left open (WAL files were 0666, the directory 0755), and what
 * PGlite creates: it sets its files' modes itself (0666 from initdb, 0644 later), whatever the
 * umask. One pass is an lstat per entry and a chmod only where a group or world bit is set.
 * Symbolic links are neither followed nor changed (their target is not ours to change).
 * Asynchronous: the ~1,200 entries of an embedded database took 50-150 ms of the main thread.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<PrivateDataDirReport> {
  const report: PrivateDataDirReport = { dirs: 0, files: 0, failed: 0 };
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const fix = async (path: string, mode: number, wanted: number, kind: 'dirs' | 'files') => {
    if ((mode & 0o077) === 0) return;
    try {
      await chmod(path, wanted);
      report[kind]++;
    } catch (err) {
      // Removed meanwhile (the database opening beside this pass): nothing left to close.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') report.failed++;
    }
  };
  const walk = async (dir: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      report.failed++;
      return;
    }
    await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        let st;
        try {
          st = await lstat(path);
        } catch {
          return; // removed meanwhile
        }
        if (st.isDirectory()) {
          await fix(path, st.mode, 0o700, 'dirs');
          await walk(path);
        } else if (st.isFile()) {
          await fix(path, st.mode, 0o600, 'files');
        }
      }),
    );
  };
  // DATA_DIR itself may be a link to the volume: the directory it names is ours.
  await fix(dataDir, (await stat(dataDir)).mode, 0o700, 'dirs');
  await walk(dataDir);
  return report;
}
