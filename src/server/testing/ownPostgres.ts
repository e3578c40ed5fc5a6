import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function binDir(): string {
  if (existsSync('/usr/local/bin/pg_ctl') && existsSync('/usr/local/bin/initdb'))
    return '/usr/local/bin';
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('no PostgreSQL binaries (initdb, pg_ctl) found');
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  readonly port: number;
  start(): void;
  /** pg_ctl stop: 'fast' ends sessions (57P01), 'immediate' is a crash (57P02 + recovery). */
  stop(mode: 'fast' | 'immediate'): void;
  restart(mode: 'fast' | 'immediate'): void;
  destroy(): void;
}

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl in a temporary directory, its own port),
 * so a test can stop and restart it under load without touching the shared test server. initdb
 * refuses to run as root; then the cluster belongs to the `postgres` user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'mk-ownpg-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'data');
  const port = await freePort();
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const pgctl = (args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, ...args]);
  pgctl(['-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => pgctl(['-w', 'start']),
    stop: (mode) => pgctl(['-w', '-m', mode, 'stop']),
    restart: (mode) => pgctl(['-w', '-m', mode, 'restart']),
    destroy() {
      try {
        pgctl(['-w', '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
