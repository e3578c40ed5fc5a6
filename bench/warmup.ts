import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationBody, createApplications } from './lib/applications';
import { startBareClient, waitingApplications } from './lib/bareClient';
import {
  benchServerEnv,
  cpuMsOf,
  startChild,
  startCompiledServer,
  type ChildServer,
} from './lib/childServer';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';

/**
 * How a server's throughput and CPU per request move over its first seconds under load (issue
 * 30: is a short run's ratio a warm-up artefact?). For one engine (ENGINE=pglite|postgres) the
 * product (dist/, as npm start runs it, after the api bench's setup of 200 saved and 50 waiting
 * applications), its bare client and the bare rates server each take WINDOWS (default 12)
 * consecutive one-second windows of a call at 50 connections, without a warm-up before them;
 * ORDER=bare-first|product-first. Prints per window req/s, the server's CPU per request and the
 * bench process's own CPU (autocannon's) per request.
 *   node scripts/build.mjs && ENGINE=pglite npx tsx bench/warmup.ts
 */
const engine = process.env.ENGINE === 'postgres' ? 'postgres' : 'pglite';
const windows = Number(process.env.WINDOWS ?? 12);
const productFirst = process.env.ORDER === 'product-first';
const cleanups: (() => Promise<void>)[] = [];
try {
  let pgdb: TestDatabase | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'warmup-'));
  cleanups.push(async () => {
    await pgdb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env: Record<string, string> = { ...benchServerEnv };
  if (engine === 'postgres') {
    pgdb = await createTestDatabase('postgres', { migrate: false });
    env.DATABASE_URL = pgdb.url!;
  } else env.DATA_DIR = dataDir;
  const start = () => startCompiledServer(env, { keepOutput: false, discardStdout: true });
  let product = await start();
  const body = applicationBody();
  const cids = await createApplications(product.url, body, 200);
  const waiting = await waitingApplications(product.url, 50);
  let bare;
  if (!pgdb) {
    await product.stop();
    bare = await startBareClient(engine, { pgliteDir: join(dataDir, 'pglite') });
    product = await start();
  } else bare = await startBareClient(engine, { databaseUrl: pgdb.url! });
  cleanups.push(
    () => product.stop(),
    () => bare.stop(),
  );
  const bareRates = await startChild({
    script: 'bench/bareServer.ts',
    env: { BARE_AS_RATES: '1' },
    discardStdout: true,
  });
  cleanups.push(() => bareRates.stop());
  const save = cids.map((c) => `/api/tenancies?cid=${c}&step=tenant`);
  const state = waiting.map((c) => `/api/application/state/${c}`);
  const rates = ['/api/rates?sum=1500&payment=12&product_selection=standard'];
  const plan: [string, [string, ChildServer, string[]][]][] = [
    [
      'rates',
      [
        ['bare rates', bareRates, ['/rates']],
        ['product', product, rates],
      ],
    ],
    [
      'save',
      [
        ['bare client', bare.server, save],
        ['product', product, save],
      ],
    ],
    [
      'state',
      [
        ['bare client', bare.server, state],
        ['product', product, state],
      ],
    ],
  ];
  for (const [call, pair] of plan)
    for (const [name, server, paths] of productFirst ? [...pair].reverse() : pair) {
      const line: string[] = [];
      let n = 0;
      for (let w = 0; w < windows; w++) {
        const c0 = cpuMsOf(server.pid);
        const own0 = process.cpuUsage();
        const a = await autocannon({
          url: server.url,
          connections: 50,
          duration: 1,
          ...(call === 'save'
            ? { method: 'PATCH', headers: { 'content-type': 'application/json' }, body }
            : {}),
          requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
        });
        const own = process.cpuUsage(own0);
        const cpu = ((cpuMsOf(server.pid) - c0) * 1000) / a.requests.total;
        const ac = (own.user + own.system) / a.requests.total;
        line.push(`${a.requests.total}/${cpu.toFixed(0)}/${ac.toFixed(0)}`);
      }
      console.log(
        `${engine} ${call} ${name} (load ${loadavg()[0]!.toFixed(1)}) req per s/server µs per req/autocannon µs per req: ${line.join(' ')}`,
      );
    }
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}
