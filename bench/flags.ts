import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationBody, createApplications, saveLoad } from './lib/applications';
import {
  benchServerEnv,
  cpuMsOf,
  npmStartSettings,
  startChild,
  treeRssMb,
} from './lib/childServer';

/**
 * Node flag sets side by side on the compiled PGlite server (ADR 1007): for each set, interleaved
 * ROUNDS times, a first start on an empty DATA_DIR, its RSS, 200 applications, the step save at
 * 50 connections for 8 s, the RSS after it, then GET /api/rates at 50 connections for 4 s with the
 * server's CPU per request and per save (issue 30: the young generation's size shows most once the server has
 * taken saves). Build first (`node scripts/build.mjs`), then e.g.
 *   FLAGS='{"size":["--optimize-for-size"],"grow10":["--max-semi-space-size=1","--heap-growing-percent=10"]}' \
 *   ROUNDS=3 npx tsx bench/flags.ts
 * RSS is the server process's own (npm start adds npm's ~56 MB); the malloc settings are npm start's
 * unless a set's env changes them.
 */
// A set is a list of node flags, or { flags, env, script } when it also changes the environment
// (e.g. {"mmap32k":{"flags":[],"env":{"MALLOC_MMAP_THRESHOLD_":"32768"}}}) or runs another build
// (a copy of dist/ made before a change, e.g. "script":"distbase/server/main.js").
type FlagSet = string[] | { flags?: string[]; env?: Record<string, string>; script?: string };
const sets = JSON.parse(process.env.FLAGS ?? '{}') as Record<string, FlagSet>;
const env = {
  ...npmStartSettings().env,
  ...benchServerEnv,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const [name, set] of Object.entries(sets)) {
    const flags = Array.isArray(set) ? set : (set.flags ?? []);
    const setEnv = Array.isArray(set) ? {} : (set.env ?? {});
    const script = (!Array.isArray(set) && set.script) || 'dist/server/main.js';
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-flags-'));
    const server = await startChild({
      script,
      noTsx: true,
      nodeArgs: flags,
      env: { ...env, ...setEnv, DATA_DIR: dataDir },
      keepOutput: false,
      discardStdout: true,
      timeoutMs: 300_000,
    });
    try {
      await sleep(3000);
      const first = treeRssMb(server.pid);
      const body = applicationBody();
      const cids = await createApplications(server.url, body);
      const saveCpu0 = cpuMsOf(server.pid);
      const r = await saveLoad(server.url, body, cids, 8);
      const saveCpuUs = ((cpuMsOf(server.pid) - saveCpu0) * 1000) / r.requests.total;
      await sleep(3000);
      const after = treeRssMb(server.pid);
      const ratesUrl = `${server.url}/api/rates?sum=1500&payment=12&product_selection=standard`;
      await autocannon({ url: ratesUrl, connections: 50, duration: 1 }); // warm-up
      const cpu0 = cpuMsOf(server.pid);
      const rates = await autocannon({ url: ratesUrl, connections: 50, duration: 4 });
      const ratesCpuUs = ((cpuMsOf(server.pid) - cpu0) * 1000) / rates.requests.total;
      const afterRates = treeRssMb(server.pid);
      console.log(
        `${name.padEnd(12)} RSS after start ${first.toFixed(0)} MB, after saves ${after.toFixed(0)} MB, after rates ${afterRates.toFixed(0)} MB; ` +
          `save ${Math.round(r.requests.average)} req/s, ${saveCpuUs.toFixed(0)} µs CPU per save, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}; ` +
          `rates ${Math.round(rates.requests.average)} req/s, ${ratesCpuUs.toFixed(0)} µs CPU per request, errors ${rates.errors + rates.non2xx}`,
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
