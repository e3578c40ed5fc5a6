import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './ownPostgres';

const repoRoot = join(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ChildServer {
  readonly url: string;
  readonly process: ChildProcess;
  /** Every line the server wrote to stdout (its JSON log) and stderr. */
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

function lines(target: string[]) {
  let rest = '';
  return (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    target.push(...parts.filter(Boolean));
  };
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it after the build) as a child process
 * on a free port. `ready: false` returns at once (for servers expected to refuse to start).
 */
export async function startChildServer(
  /** An undefined value removes the variable (e.g. SERVER_SECRET, set for tests by default). */
  env: Record<string, string | undefined>,
  opts: { ready?: boolean } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SERVER_SECRET: 'test-secret-0123456789abcdef',
      SEED_EXAMPLES: 'false',
      BOT_MIN_FILL_SECONDS: '0',
      CAPTCHA_MAX_NUMBER: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout!.on('data', lines(stdout));
  child.stderr!.on('data', lines(stderr));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ChildServer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    stdout,
    stderr,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  if (opts.ready === false) return server;
  for (let i = 0; i < 600; i++) {
    if (!server.alive())
      throw new Error(`server exited during start:\n${stderr.join('\n')}\n${stdout.join('\n')}`);
    try {
      const r = await fetch(`${server.url}/health`);
      if (r.status === 200) return server;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy within 60 s');
}

/** Ends the servers a test started that still run (kill -9: a test's cleanup, not a shutdown). */
export async function killAll(servers: ChildServer[]): Promise<void> {
  for (const s of servers) {
    if (s.alive()) {
      s.process.kill('SIGKILL');
      await s.exited;
    }
  }
}
