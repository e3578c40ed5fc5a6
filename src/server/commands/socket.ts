import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Logger } from '../log';
import { safeErrorFields } from '../http/errors';
import { commands, isCommandName, type CommandName } from './registry';
import type { CommandContext, CommandResult } from './types';

/**
 * The embedded engine allows one process per DATA_DIR, so the operator commands ask the running
 * server to run them (ADR 1203): one JSON line `{command, args}` over a Unix socket in DATA_DIR,
 * one JSON line `{stdout, stderr, exitCode}` back. The socket file has mode 0600 inside the 0700
 * DATA_DIR: only the server's own user reaches it, as it would reach the database files.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

const MAX_REQUEST = 64 * 1024;

export async function startControlSocket(
  dataDir: string,
  ctx: CommandContext,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(dataDir);
  // A leftover of a killed server (we hold DATA_DIR's lock, so no other server uses it).
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    const answer = (r: CommandResult) => socket.end(`${JSON.stringify(r)}\n`);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST)
        return answer({ stdout: '', stderr: 'zu lang\n', exitCode: 2 });
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      let request: { command?: unknown; args?: unknown };
      try {
        request = JSON.parse(buffer.slice(0, end)) as typeof request;
      } catch {
        return answer({ stdout: '', stderr: 'ungültige Anfrage\n', exitCode: 2 });
      }
      const { command, args } = request;
      if (
        !isCommandName(command) ||
        !Array.isArray(args) ||
        !args.every((a) => typeof a === 'string')
      )
        return answer({ stdout: '', stderr: 'unbekannter Befehl\n', exitCode: 2 });
      // The command's name only: its arguments may hold an e-mail address (ADR 1102).
      log.info({ command }, 'operator command through the control socket');
      commands[command](ctx, args as string[]).then(answer, (err: unknown) => {
        log.error({ command, ...safeErrorFields(err) }, 'operator command failed');
        answer({
          stdout: '',
          stderr: 'Interner Fehler; Einzelheiten im Server-Log.\n',
          exitCode: 1,
        });
      });
    });
  });
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/**
 * Runs a command in the server that owns DATA_DIR. Undefined when no server listens there (no
 * socket file, or one a killed server left behind): the caller then opens the database itself.
 */
export function sendCommand(
  dataDir: string,
  command: CommandName,
  args: string[],
): Promise<CommandResult | undefined> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let buffer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, args })}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffer.trim()) as CommandResult);
      } catch {
        reject(new Error('the server answered the command with something unreadable'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT')) resolve(undefined);
      else reject(err);
    });
  });
}
