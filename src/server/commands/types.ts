import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import type { Processing } from '../processing/index';

/** What an operator command runs with: in the running server, or in the command's own process. */
export interface CommandContext {
  db: Database;
  config: Config;
  clock: Clock;
  log: Logger;
  /**
   * Runs fn with the decision processing: the server's own (running), or in a command's process
   * one prepared without workers (enqueue only) and stopped afterwards.
   */
  withProcessing<T>(fn: (processing: Processing) => Promise<T>): Promise<T>;
}

/** What a command prints and its exit code; the same whether it ran here or in the server. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export const ok = (stdout: string): CommandResult => ({ stdout, stderr: '', exitCode: 0 });
export const refused = (stderr: string, exitCode = 1): CommandResult => ({
  stdout: '',
  stderr: stderr.endsWith('\n') ? stderr : `${stderr}\n`,
  exitCode,
});
