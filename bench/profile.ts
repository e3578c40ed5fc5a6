import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationBody, createApplications } from './lib/applications';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';
import { benchServerEnv, startCompiledServer, startProductServer } from './lib/childServer';

/**
 * One of the bench's API calls against the product server under `node --cpu-prof` (ADR 0600):
 *   node scripts/build.mjs && ENGINE=pglite|postgres WHAT=rates|load|save SECS=8 npx tsx bench/profile.ts
 * prints req/s and the directory of the .cpuprofile (open it in Chrome DevTools). NOPROF=1
 * measures without the profiler. The call is the bench's own (50 connections, 200 applications).
 * INSPECT_PORT=<port> profiles the main thread during the measured window only (not the start and
 * the setup's saves, which otherwise fill much of a short profile): the server starts with that
 * inspector port, SIGUSR1 opens it after the setup, and the profiler runs over the Chrome
 * DevTools protocol for the window (Node 20: `NODE_OPTIONS=--experimental-websocket` for the
 * WebSocket); WARM seconds (default 3) of the call run before it.
 */
const engine = process.env.ENGINE === 'postgres' ? 'postgres' : 'pglite';
const what = process.env.WHAT ?? 'save';
const profDir = mkdtempSync(join(tmpdir(), 'prof-'));
const env: Record<string, string> = {
  ...benchServerEnv,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
let pgdb: TestDatabase | undefined;
if (engine === 'postgres') {
  pgdb = await createTestDatabase('postgres', { migrate: false });
  env.DATABASE_URL = pgdb.url!;
} else env.DATA_DIR = mkdtempSync(join(tmpdir(), 'prof-data-'));

const inspectPort = process.env.INSPECT_PORT;
const profArgs = inspectPort
  ? [`--inspect-port=127.0.0.1:${inspectPort}`]
  : process.env.NOPROF
    ? []
    : ['--cpu-prof', `--cpu-prof-dir=${profDir}`];
// TSX=1: src/server/main.ts under tsx; otherwise dist/ as npm start runs it (build it first).
const server = process.env.TSX
  ? await startProductServer(env, { keepOutput: false, discardStdout: true, nodeArgs: profArgs })
  : await startCompiledServer(env, {
      keepOutput: false,
      discardStdout: true,
      extraNodeArgs: profArgs,
    });
try {
  const body = applicationBody();
  const cids = await createApplications(server.url, body);
  let n = 0;
  const paths =
    what === 'save'
      ? cids.map((c) => `/api/tenancies?cid=${c}&step=tenant`)
      : what === 'load'
        ? cids.map((c) => `/api/tenancies?cid=${c}`)
        : ['/api/rates?sum=1500&payment=12&product_selection=standard'];
  const load = (duration: number) =>
    autocannon({
      url: server.url,
      connections: Number(process.env.CONN ?? 50),
      duration,
      method: what === 'save' ? 'PATCH' : 'GET',
      headers: what === 'save' ? { 'content-type': 'application/json' } : {},
      body: what === 'save' ? body : undefined,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
    });
  let r;
  if (inspectPort) {
    await load(Number(process.env.WARM ?? 3));
    process.kill(server.pid, 'SIGUSR1');
    await new Promise((ok) => setTimeout(ok, 1000));
    const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const ws = new WebSocket(target!.webSocketDebuggerUrl);
    await new Promise((ok) => ws.addEventListener('open', ok, { once: true }));
    let id = 0;
    const call = (method: string) =>
      new Promise<Record<string, unknown>>((ok) => {
        const my = ++id;
        const on = (e: MessageEvent) => {
          const m = JSON.parse(String(e.data)) as { id?: number; result: Record<string, unknown> };
          if (m.id !== my) return;
          ws.removeEventListener('message', on);
          ok(m.result);
        };
        ws.addEventListener('message', on);
        ws.send(JSON.stringify({ id: my, method }));
      });
    await call('Profiler.enable');
    await call('Profiler.start');
    r = await load(Number(process.env.SECS ?? 8));
    const { profile } = await call('Profiler.stop');
    writeFileSync(join(profDir, `window-${engine}-${what}.cpuprofile`), JSON.stringify(profile));
    ws.close();
  } else r = await load(Number(process.env.SECS ?? 8));
  console.log(
    `${engine} ${what}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`,
  );
} finally {
  await server.stop();
  await pgdb?.close();
}
if (!process.env.NOPROF || inspectPort) console.log(profDir, readdirSync(profDir));
