import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationBody, createApplications, saveLoad } from './lib/applications';
import {
  benchServerEnv,
  cpuMsOf,
  startChild,
  startCompiledServer,
  type ChildServer,
} from './lib/childServer';
import { fmt, spread } from './lib/stats';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';

/**
 * GET /api/rates of two builds side by side (issue 30): the build before a change copied to
 * distbase/ (gitignored) and this one in dist/, both as `npm start` runs them, on the engines in
 * ENGINES (pglite,postgres), and the bare Fastify sending the same answer, interleaved ROUNDS times
 * (default 3) at 50 connections, SECS (default 4) seconds each after a second of warm-up. Before
 * the rounds each server takes 200 applications and SAVES seconds (default 4) of step saves, as
 * in the api bench, where rates follow saves. Prints req/s, the ratio to the bare server measured
 * in the same round and the server's CPU per request.
 *   node scripts/build.mjs && ROUNDS=3 npx tsx bench/abRates.ts
 */
const env = benchServerEnv;
const rounds = Number(process.env.ROUNDS ?? 3);
const secs = Number(process.env.SECS ?? 4);
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
const builds = (process.env.BUILDS ?? 'distbase,dist').split(',');

interface T {
  name: string;
  server: ChildServer;
  path: string;
  done(): Promise<void>;
}
const targets: T[] = [];
const ratesPath = '/api/rates?sum=1500&payment=12&product_selection=standard';
try {
  const bare = await startChild({
    script: 'bench/bareServer.ts',
    env: { BARE_AS_RATES: '1' },
    discardStdout: true,
  });
  targets.push({ name: 'bare', server: bare, path: '/rates', done: () => bare.stop() });
  for (const engine of engines)
    for (const build of builds) {
      let pgdb: TestDatabase | undefined;
      let dataDir: string | undefined;
      const e: Record<string, string> = { ...env };
      if (engine === 'postgres') {
        pgdb = await createTestDatabase('postgres', { migrate: false });
        e.DATABASE_URL = pgdb.url!;
      } else e.DATA_DIR = dataDir = mkdtempSync(join(tmpdir(), 'ab-rates-'));
      const server =
        build === 'dist'
          ? await startCompiledServer(e, { keepOutput: false, discardStdout: true })
          : await startCompiledServer(e, {
              keepOutput: false,
              discardStdout: true,
              script: `${build}/server/main.js`,
            });
      const body = applicationBody();
      const cids = await createApplications(server.url, body, 200);
      await saveLoad(server.url, body, cids, Number(process.env.SAVES ?? 4));
      targets.push({
        name: `${engine} ${build}`,
        server,
        path: ratesPath,
        async done() {
          await server.stop();
          await pgdb?.close();
          if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        },
      });
    }
  const res = new Map<string, { rps: number; cpu: number; ratio: number }[]>();
  for (let r = 0; r < rounds; r++) {
    let bareRps = NaN;
    for (const t of targets) {
      const url = `${t.server.url}${t.path}`;
      await autocannon({ url, connections: 50, duration: 1 });
      const c0 = cpuMsOf(t.server.pid);
      const a = await autocannon({ url, connections: 50, duration: secs });
      const cpu = ((cpuMsOf(t.server.pid) - c0) * 1000) / a.requests.total;
      if (t.name === 'bare') bareRps = a.requests.average;
      const row = { rps: a.requests.average, cpu, ratio: a.requests.average / bareRps };
      res.set(t.name, [...(res.get(t.name) ?? []), row]);
      console.log(
        `round ${r + 1} ${t.name}: ${Math.round(row.rps)} req/s, ${row.ratio.toFixed(2)}x bare, ${row.cpu.toFixed(0)} µs CPU/req, errors ${a.errors + a.non2xx}`,
      );
    }
  }
  for (const [name, rows] of res)
    console.log(
      `${name.padEnd(18)} ${fmt(spread(rows.map((x) => x.rps)))} req/s = ${fmt(spread(rows.map((x) => x.ratio)), 2)} x bare; ${fmt(spread(rows.map((x) => x.cpu)))} µs CPU/req` +
        // On a shared machine the least disturbed round says most about the code itself.
        `; best round ${Math.round(Math.max(...rows.map((x) => x.rps)))} req/s, ${Math.round(Math.min(...rows.map((x) => x.cpu)))} µs CPU/req`,
    );
} finally {
  for (const t of targets) await t.done().catch(() => undefined);
}
