import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * What every benchmarked server runs with: the access log at info, no write limit (50 connections
 * from one address would be answered 429; we measure the work, not the limiter), a fixed secret,
 * and a captcha and bot check the bench's clients pass quickly (submissions solve a captcha).
 */
export const benchServerEnv = {
  LOG_LEVEL: 'info',
  RATE_LIMIT_WRITES: '1000000000',
  SERVER_SECRET: 'bench-secret-0123456789abcdef',
  CAPTCHA_MAX_NUMBER: '1000',
  BOT_MIN_FILL_SECONDS: '0',
};

/** The repository root (bench/lib/ -> ../..). */
export const repoRoot = resolve(import.meta.dirname, '../..');

/** A free loopback port: main.ts takes PORT from the environment and logs no chosen port. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface ChildServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (the JSON log lines). */
  output(): string;
  /** Resident set size of the process now, in MB (from /proc). */
  rssMb(): number;
  /** SIGTERM and wait (graceful shutdown). */
  stop(): Promise<void>;
  /** SIGKILL and wait: a crash, no shutdown code runs. */
  kill9(): Promise<void>;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Starts a script as its own Node process (tsx loaded in-process, so the pid is the server's own
 * and RSS is measured on it), on loopback, and waits until GET `readyPath` answers 200.
 */
export async function startChild(opts: {
  script: string;
  env: Record<string, string>;
  readyPath?: string;
  keepOutput?: boolean;
  /** Send the log lines to /dev/null (bench: the parent must not spend CPU reading them). */
  discardStdout?: boolean;
  timeoutMs?: number;
  /** Extra node flags before the script (bench/profile.ts: --cpu-prof). */
  nodeArgs?: string[];
  /** Plain JavaScript (the compiled server): no tsx loaded. */
  noTsx?: boolean;
  /** Another checkout (the baseline worktree); default this repository. */
  cwd?: string;
}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), ...(opts.noTsx ? [] : ['--import', 'tsx']), opts.script],
    {
      cwd: opts.cwd ?? repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Production requires the base of e-mailed links (ADR 1105); the child's own address.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...opts.env,
      },
      stdio: ['ignore', opts.discardStdout ? 'ignore' : 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = opts.keepOutput ?? true;
  const collect = (b: Buffer) => {
    if (keep) out += b.toString('utf8');
    else if (out.length < 20_000) out += b.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  let dead = false;
  void exited.then(() => (dead = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (dead) throw new Error(`${opts.script} exited before it was ready:\n${out.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${opts.script} not ready in time:\n${out.slice(-4000)}`);
    }
    try {
      const r = await fetch(`${url}${opts.readyPath ?? '/health'}`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    child,
    output: () => out,
    rssMb: () => rssMbOf(pid),
    async stop() {
      if (!dead) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      if (!dead) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The product server (src/server/main.ts) as a child process. */
export function startProductServer(
  env: Record<string, string>,
  opts: { keepOutput?: boolean; discardStdout?: boolean; nodeArgs?: string[] } = {},
): Promise<ChildServer> {
  return startChild({ script: 'src/server/main.ts', env, ...opts });
}

/** CPU time (user + system, every thread) a process has used so far, in ms (from /proc). */
export function cpuMsOf(pid: number, tid?: number): number {
  // With tid: that thread alone (the main thread's tid is the pid), else the whole process.
  const stat = readFileSync(`/proc/${pid}${tid ? `/task/${tid}` : ''}/stat`, 'utf8');
  // Fields after the command name "(...)": utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * CPU time of each thread of a process so far, in ms, by thread id, with the thread's name
 * (`comm`: node names its V8 platform threads "V8Worker", a worker thread "WorkerThread" or
 * the name it was given, libuv's pool "libuv-worker").
 */
export function threadCpuMsOf(pid: number): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(task), { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 });
    } catch {
      // the thread ended between listing and reading
    }
  }
  return out;
}

/** The pid and every descendant (npm start: npm, sh if it stayed, node). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let children = '';
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`))
        children += readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8');
    } catch {
      /* gone */
    }
    out.push(...children.split(/\s+/).filter(Boolean).map(Number));
  }
  return out;
}

/** RSS of a process and all its descendants, in MB. */
export function treeRssMb(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      total += rssMbOf(p);
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * Proportional set size of a process and all its descendants, in MB (/proc/<pid>/smaps_rollup):
 * each page counted once across the processes that share it, divided among them (npm and the
 * server share the node binary's pages, which RSS counts twice).
 */
export function treePssMb(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) / 1024;
    } catch {
      /* gone */
    }
  }
  return total;
}

/** The environment and node flags of package.json's start script (`A=1 exec node --x scripts/start.mjs`). */
export function npmStartSettings(): { env: Record<string, string>; nodeArgs: string[] } {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const m = /^\s*((?:\w+=\S+\s+)*)exec node\s+((?:--\S+\s+)*)scripts\/start\.mjs/.exec(
    pkg.scripts.start,
  );
  if (!m) throw new Error(`package.json's start script has a shape the bench does not know`);
  const env = Object.fromEntries(
    m[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => a.split('=') as [string, string]),
  );
  return { env, nodeArgs: m[2]!.trim().split(/\s+/).filter(Boolean) };
}

/**
 * The compiled server exactly as `npm start` runs it (the flags and environment read from
 * package.json's start script, which runs dist/server/main.js in its own process after its build
 * check); the bench runs `node scripts/build.mjs` once before.
 */
export function startCompiledServer(
  env: Record<string, string>,
  opts: {
    cwd?: string;
    keepOutput?: boolean;
    discardStdout?: boolean;
    /** Node flags after npm start's own (e.g. --cpu-prof). */
    extraNodeArgs?: string[];
    /** Another build of the server (bench/abRates.ts: distbase/server/main.js). */
    script?: string;
  } = {},
): Promise<ChildServer> {
  const { extraNodeArgs = [], ...rest } = opts;
  return startChild({
    // A first start (initdb) on a loaded 2-core machine has taken over a minute.
    timeoutMs: 300_000,
    script: 'dist/server/main.js',
    noTsx: true,
    nodeArgs: [...npmStartSettings().nodeArgs, ...extraNodeArgs],
    env: { ...npmStartSettings().env, ...env },
    ...rest,
  });
}
