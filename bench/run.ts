import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { benchBare, benchEngine } from './api';
import { benchLighthouse } from './lighthouse';
import { repoRoot } from './lib/childServer';
import { printRows, type Row } from './lib/report';
import { buildWeb, measureWeb } from './web';

// npm run bench: every figure of issue 7 beside its target, in one run on this machine.
// BENCH_ONLY=api,web,lighthouse,processing picks parts; BENCH_SECONDS sets the autocannon duration.
const only = new Set((process.env.BENCH_ONLY ?? 'api,web,lighthouse,processing').split(','));
const all: Row[] = [];
const started = Date.now();
const section = (title: string, rows: Row[]) => {
  printRows(title, rows);
  all.push(...rows);
};

console.log(
  `bench on ${process.version}, ${(await import('node:os')).cpus().length} cores, ${new Date().toISOString()}`,
);

if (only.has('api')) {
  console.log(
    `\nAPI: autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 8} s per call after a 2 s warm-up; the product server and the bare ` +
      'server each run alone in their own process (LOG_LEVEL=info, log lines to /dev/null); the write limiter is raised to ' +
      '1e9 per window (RATE_LIMIT_WRITES) so 50 connections from one address are not answered 429.',
  );
  const bare = await benchBare();
  printRows('bare Fastify', bare.rows);
  for (const engine of ['pglite', 'postgres'] as const) {
    section(`API and memory on ${engine}`, await benchEngine(engine, bare.load, {}));
  }
}

let webDir: string | undefined;
if (only.has('web') || only.has('lighthouse')) webDir = await buildWeb();
if (only.has('web'))
  section('web build: JS and CSS per route, gzip -9 (vite manifest)', measureWeb(webDir!));
if (only.has('lighthouse'))
  section(
    'Lighthouse 12 mobile in /usr/bin/chromium (PGlite server)',
    await benchLighthouse(webDir!),
  );

if (only.has('processing')) {
  const script = 'bench/processing.ts';
  console.log('\n== processing latency (bench/processing.ts of the processing issue)');
  if (!existsSync(`${repoRoot}/${script}`)) {
    console.log(`INFO  ${script} is not there yet: no processing figures in this run`);
  } else {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 300_000,
    });
    process.stdout.write(r.stdout ?? '');
    // Its PASS / MISS lines count in the summary like ours.
    for (const line of (r.stdout ?? '').split('\n')) {
      const m = /^(PASS|MISS)\s+(.*?):/.exec(line);
      if (m) all.push({ figure: m[2]!, value: '', target: '', ok: m[1] === 'PASS' });
    }
    if (r.status !== 0) {
      console.log(`MISS  ${script} ended with status ${r.status ?? r.signal}`);
      all.push({
        figure: 'processing bench',
        value: `exit ${r.status ?? r.signal}`,
        target: 'runs',
        ok: false,
      });
    }
  }
}

const missed = all.filter((r) => r.ok === false);
console.log(
  `\nbench done in ${Math.round((Date.now() - started) / 1000)} s: ${all.filter((r) => r.ok).length} PASS, ${missed.length} MISS` +
    (missed.length ? `\nMISSED: ${missed.map((r) => r.figure).join('; ')}` : ''),
);
process.exit(0);
