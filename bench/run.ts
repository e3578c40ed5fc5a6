import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { benchApi } from './api';
import { checkoutBaseline, baselineRef, type Baseline } from './lib/baseline';
import { benchDocuments } from './documents';
import { benchFreeze } from './freeze';
import { benchLighthouse } from './lighthouse';
import { benchMemory } from './memory';
import { repoRoot } from './lib/childServer';
import { printRows, verdict, type Row } from './lib/report';
import { repeats } from './lib/stats';
import { buildWeb, measureWeb } from './web';
import { benchCamt } from './batch/camt';
import { benchCollection } from './batch/collection';
import { benchLetters } from './batch/letters';
import { benchSearch } from './batch/search';

// npm run bench: every figure of issues 7 and 13 beside its target, in one run on this machine.
// Each figure is measured BENCH_REPEATS (3) times, the things compared interleaved, and reported
// as median (range). BENCH_ONLY=api,memory,freeze,web,lighthouse,processing picks parts;
// BENCH_SECONDS sets the autocannon duration per figure; BENCH_BASELINE the code compared with.
// The batch parts of issue 30 (collection, camt, letters, search; bench/batch/) take their
// scales from BENCH_COLLECTION_CONTRACTS, BENCH_CAMT_ENTRIES, BENCH_LETTERS,
// BENCH_SEARCH_CONTRACTS and their engines from BENCH_ENGINES. The part `documents` (issue 30)
// measures a contract's certificate and policy in a document thread (bench/documents.ts).
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'api,memory,freeze,web,lighthouse,processing,documents,collection,camt,letters,search'
  ).split(','),
);
const all: Row[] = [];
const started = Date.now();
const section = (title: string, rows: Row[]) => {
  printRows(title, rows);
  all.push(...rows);
};

console.log(
  `bench on ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}; ${repeats} repeats per figure: median (min-max)`,
);

// The product as `npm start` runs it: compiled, built only if something changed (and only for
// the parts that start it; the batch parts run the services in this process).
if (['api', 'memory', 'processing', 'documents'].some((p) => only.has(p))) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('scripts/build.mjs failed');
}

let baseline: Baseline | undefined;
let webDir: string | undefined;
const cleanup = () => {
  baseline?.remove();
  baseline = undefined;
  if (webDir) rmSync(webDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

try {
  if (only.has('api')) {
    baseline = checkoutBaseline();
    console.log(
      `\nAPI: autocannon at 8 and 50 connections, ${process.env.BENCH_SECONDS ?? 4} s per figure after 1 s warm-up, ` +
        `${process.env.BENCH_WARMUP_SECONDS ?? 5} s of every call per server before the first round; one call at a time, ` +
        'its servers back to back, every other round in reverse order; every ' +
        'server in its own process (LOG_LEVEL=info, log to /dev/null, RATE_LIMIT_WRITES=1e9); server CPU from /proc ' +
        `(all threads) per answered request. Baseline: ${baseline ? baselineRef.slice(0, 10) : 'none'}.`,
    );
    section('API: product, baseline and bare Fastify interleaved', await benchApi(baseline));
    baseline?.remove();
    baseline = undefined;
  }
  if (only.has('memory'))
    section('start and memory of `npm start` (whole process tree)', await benchMemory());
  if (only.has('freeze')) section('event loop of the main thread (PGlite)', await benchFreeze());

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
    console.log('\n== decisions through HTTP (bench/processing.ts)');
    if (existsSync(`${repoRoot}/${script}`)) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: 3_600_000,
      });
      process.stdout.write(r.stdout ?? '');
      for (const line of (r.stdout ?? '').split('\n')) {
        const m = /^(PASS|MISS|INFO)\s+(.*?): (.*?)\s+\[target: (.*)\]$/.exec(line);
        if (m)
          all.push({
            figure: m[2]!,
            value: m[3]!,
            target: m[4]!,
            ok: m[1] === 'INFO' ? null : m[1] === 'PASS',
          });
      }
      if (r.status !== 0)
        all.push({
          figure: 'processing bench',
          value: `exit ${r.status ?? r.signal}`,
          target: 'runs',
          ok: false,
        });
    }
  }
  if (only.has('documents'))
    section('documents of a contract in a document thread (bench/documents.ts)', benchDocuments());
  if (only.has('collection'))
    section('collection run and streamed pain.008 (bench/batch/collection.ts)', benchCollection());
  if (only.has('camt')) section('camt.054 import (bench/batch/camt.ts)', await benchCamt());
  if (only.has('letters'))
    section('letter batch PDF (bench/batch/letters.ts)', await benchLetters());
  if (only.has('search'))
    section('staff search on PostgreSQL (bench/batch/search.ts)', await benchSearch());
} finally {
  cleanup();
}

const missed = all.filter((r) => r.ok === false);
console.log('\n== the table for README (Quality)\n');
console.log('| Figure | Measured: median (min-max) | Target | |');
console.log('|---|---|---|---|');
for (const r of all)
  console.log(`| ${r.figure} | ${r.value.replaceAll('|', '/')} | ${r.target} | ${verdict(r.ok)} |`);
console.log(
  `\nbench done in ${Math.round((Date.now() - started) / 1000)} s: ${all.filter((r) => r.ok).length} PASS, ${missed.length} MISS` +
    (missed.length ? `\nMISSED: ${missed.map((r) => r.figure).join('; ')}` : ''),
);
process.exit(0);
