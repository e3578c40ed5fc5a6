import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
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
 */
export function makeDataDirPrivate(dataDir: string): PrivateDataDirReport {
  const report: PrivateDataDirReport = { dirs: 0, files: 0, failed: 0 };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const fix = (path: string, mode: number, wanted: number, kind: 'dirs' | 'files') => {
    if ((mode & 0o077) === 0) return;
    try {
      chmodSync(path, wanted);
      report[kind]++;
    } catch {
      report.failed++;
    }
  };
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      report.failed++;
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let st;
      try {
        st = lstatSync(path);
      } catch {
        continue; // removed meanwhile
      }
      if (st.isDirectory()) {
        fix(path, st.mode, 0o700, 'dirs');
        walk(path);
      } else if (st.isFile()) {
        fix(path, st.mode, 0o600, 'files');
      }
    }
  };
  // DATA_DIR itself may be a link to the volume: the directory it names is ours.
  fix(dataDir, statSync(dataDir).mode, 0o700, 'dirs');
  walk(dataDir);
  return report;
}
