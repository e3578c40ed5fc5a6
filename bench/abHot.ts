import autocannon from 'autocannon';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationBody, createApplications } from './lib/applications';
import { startBareClient, waitingApplications } from './lib/bareClient';
import { benchServerEnv, cpuMsOf, startCompiledServer, type ChildServer } from './lib/childServer';
import { fmt, spread } from './lib/stats';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';

/**
 * Step saves and state polls of two builds side by side (issue 30 "Hot path", ADR 1360): the build
 * before a change copied to distbase/ (gitignored) and this one in dist/, as `npm start` runs
 * them, and the bare client running the same statements on the same engine and data
 * (bench/bareStatements.ts), interleaved ROUNDS times (default 3, every other round the builds in reverse order) at 50 connections, SECS (default
 * 4) seconds each after a second of warm-up. Both builds of an engine work on the same data
 * (PGlite: copies of one data directory; PostgreSQL: one database). Prints req/s, the ratio to
 * the bare client in the same round and the server's CPU per request.
 *   node scripts/build.mjs && ROUNDS=3 npx tsx bench/abHot.ts
 */
const env = benchServerEnv;
const rounds = Number(process.env.ROUNDS ?? 3);
const secs = Number(process.env.SECS ?? 4);
const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const builds = (process.env.BUILDS ?? 'distbase,dist').split(',');
const calls = (process.env.CALLS ?? 'save,state').split(',');

interface T {
  name: string;
  engine: string;
  server: ChildServer;
}
const targets: T[] = [];
const cleanups: (() => Promise<void>)[] = [];
const paths: Record<string, { save: string[]; state: string[] }> = {};
const body = applicationBody();
const start = (build: string, e: Record<string, string>) =>
  startCompiledServer(e, {
    keepOutput: false,
    discardStdout: true,
    script: `${build}/server/main.js`,
  });
try {
  for (const engine of engines) {
    let pgdb: TestDatabase | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'ab-hot-'));
    cleanups.push(async () => {
      await pgdb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const e: Record<string, string> = { ...env };
    if (engine === 'postgres') {
      pgdb = await createTestDatabase('postgres', { migrate: false });
      e.DATABASE_URL = pgdb.url!;
    } else e.DATA_DIR = join(dataDir, 'first');
    // The data: made by the first build, then shared (PGlite: copied while it is stopped).
    const first = await start(builds[0]!, e);
    const cids = await createApplications(first.url, body, 200);
    const waiting = await waitingApplications(first.url, 50);
    paths[engine] = {
      save: cids.map((c) => `/api/tenancies?cid=${c}&step=tenant`),
      state: waiting.map((c) => `/api/application/state/${c}`),
    };
    await first.stop();
    const bare = await startBareClient(engine, {
      ...(pgdb ? { databaseUrl: pgdb.url! } : { pgliteDir: join(dataDir, 'first/pglite') }),
    });
    cleanups.push(() => bare.stop());
    targets.push({ name: `${engine} bare client`, engine, server: bare.server });
    for (const build of builds) {
      const be = { ...e };
      if (!pgdb) {
        be.DATA_DIR = join(dataDir, build);
        cpSync(join(dataDir, 'first'), be.DATA_DIR, { recursive: true });
      }
      const server = await start(build, be);
      cleanups.push(() => server.stop());
      targets.push({ name: `${engine} ${build}`, engine, server });
    }
  }
  const byEngine = (e: string) =>
    targets.filter((t) => t.engine === e && !t.name.endsWith('bare client'));
  const res = new Map<string, { rps: number; cpu: number; ratio: number }[]>();
  for (let r = 0; r < rounds; r++) {
    for (const call of calls) {
      const bareRps: Record<string, number> = {};
      // Every other round in the opposite order (bare client still first per engine): the
      // servers measured after others' saves meet their garbage and the database's after-work.
      const builds =
        r % 2 ? engines.flatMap((e) => byEngine(e).reverse()) : engines.flatMap(byEngine);
      const bares = targets.filter((t) => t.name.endsWith('bare client'));
      for (const t of [...bares, ...builds]) {
        let n = 0;
        const list = paths[t.engine]![call as 'save' | 'state'];
        const run = (duration: number) =>
          autocannon({
            url: t.server.url,
            connections: 50,
            duration,
            ...(call === 'save'
              ? { method: 'PATCH', headers: { 'content-type': 'application/json' }, body }
              : {}),
            requests: [{ setupRequest: (req) => ({ ...req, path: list[n++ % list.length] }) }],
          });
        await run(1);
        const c0 = cpuMsOf(t.server.pid);
        const a = await run(secs);
        const cpu = ((cpuMsOf(t.server.pid) - c0) * 1000) / a.requests.total;
        if (t.name.endsWith('bare client')) bareRps[t.engine] = a.requests.average;
        const row = {
          rps: a.requests.average,
          cpu,
          ratio: a.requests.average / bareRps[t.engine]!,
        };
        const k = `${call} ${t.name}`;
        res.set(k, [...(res.get(k) ?? []), row]);
        console.log(
          `round ${r + 1} ${k}: ${Math.round(row.rps)} req/s, ${row.ratio.toFixed(2)}x bare, ${row.cpu.toFixed(0)} µs CPU/req, errors ${a.errors + a.non2xx}, load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
  }
  for (const [name, rows] of res)
    console.log(
      `${name.padEnd(28)} ${fmt(spread(rows.map((x) => x.rps)))} req/s = ${fmt(spread(rows.map((x) => x.ratio)), 2)} x bare client; ${fmt(spread(rows.map((x) => x.cpu)))} µs CPU/req`,
    );
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}
