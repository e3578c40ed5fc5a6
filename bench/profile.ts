import autocannon from 'autocannon';
import { mkdtempSync, readdirSync } from 'node:fs';
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

const profArgs = process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`];
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
  const r = await autocannon({
    url: server.url,
    connections: Number(process.env.CONN ?? 50),
    duration: Number(process.env.SECS ?? 8),
    method: what === 'save' ? 'PATCH' : 'GET',
    headers: what === 'save' ? { 'content-type': 'application/json' } : {},
    body: what === 'save' ? body : undefined,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
  });
  console.log(
    `${engine} ${what}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`,
  );
} finally {
  await server.stop();
  await pgdb?.close();
}
if (!process.env.NOPROF) console.log(profDir, readdirSync(profDir));
