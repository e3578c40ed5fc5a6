import { spawnSync } from 'node:child_process';
import { npmStartSettings, repoRoot } from './lib/childServer';
import { check, type Row } from './lib/report';
import { fmt, repeats, spread } from './lib/stats';
import { envInt, load } from './batch/common';

/**
 * Issue 30: the CPU a contract's documents cost in a document thread, in one process per build
 * (bench/documents/child.ts): BENCH_DOCUMENTS_COUNT (40) certificates and policies, each sealed,
 * after five for warm-up, with npm start's node flags. CPU of the whole process (the thread, V8's
 * GC and compiler threads) per document, and the process's peak RSS (with a large count, e.g.
 * 1000, what the thread's caches hold once it has issued that many contracts).
 * BENCH_DOCUMENTS_BUILDS='{"before":"distbase/server", "now":"dist/server"}' compares an earlier
 * build side by side, interleaved in every round;
 * BENCH_DOCUMENTS_KEEP=<dir> keeps each build's first certificate and policy for pdftotext and
 * pdftoppm. Profile: BENCH_DOCUMENTS_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
 */
interface Figures {
  certificateMs: number;
  policyMs: number;
  sealMs: number;
  kbPerContract: number;
  peakRssMb: number;
}

export function benchDocuments(): Row[] {
  const count = envInt('BENCH_DOCUMENTS_COUNT', 40);
  const builds = JSON.parse(
    process.env.BENCH_DOCUMENTS_BUILDS ?? '{"now":"dist/server"}',
  ) as Record<string, string>;
  const extraArgs = (process.env.BENCH_DOCUMENTS_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const keep = process.env.BENCH_DOCUMENTS_KEEP;
  const runs = new Map<string, Figures[]>();
  const loads: string[] = [];
  for (let round = 0; round < repeats; round++) {
    loads.push(load());
    for (const [name, dir] of Object.entries(builds)) {
      const r = spawnSync(
        process.execPath,
        [
          ...npmStartSettings().nodeArgs,
          ...extraArgs,
          '--import',
          'tsx',
          'bench/documents/child.ts',
          `${dir}/renderWorker.js`,
          String(count),
          ...(keep ? [`${keep}/${name}`] : []),
        ],
        { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...npmStartSettings().env } },
      );
      if (r.status !== 0) throw new Error(`documents ${name}: ${r.stderr}`);
      const f = JSON.parse(r.stdout.trim().split('\n').pop()!) as Figures;
      runs.set(name, [...(runs.get(name) ?? []), f]);
      console.log(
        `  documents ${name} round ${round + 1}: certificate ${f.certificateMs.toFixed(1)} ms, ` +
          `policy ${f.policyMs.toFixed(1)} ms, seal ${f.sealMs.toFixed(1)} ms, ` +
          `${f.kbPerContract.toFixed(0)} KB per contract, peak RSS ${f.peakRssMb.toFixed(0)} MB, ` +
          `load ${load()}`,
      );
    }
  }
  const rows: Row[] = [];
  const at = `; ${count} contracts per round, load ${loads.join(' / ')}`;
  for (const [name, fs] of runs) {
    const of = (k: keyof Figures) => spread(fs.map((f) => f[k]));
    const perContract = spread(fs.map((f) => f.certificateMs + f.policyMs + 2 * f.sealMs));
    rows.push(
      check(
        `document thread CPU per contract (${name}): certificate + policy + 2 seals`,
        `${fmt(perContract, 1, ' ms')}: certificate ${fmt(of('certificateMs'), 1)}, policy ` +
          `${fmt(of('policyMs'), 1)}, seal ${fmt(of('sealMs'), 1)}; ` +
          `${fmt(of('kbPerContract'))} KB; process peak RSS ${fmt(of('peakRssMb'), 0, ' MB')}${at}`,
        'issue 30: ~60 ms CPU per decision in all',
        null,
      ),
    );
  }
  return rows;
}
