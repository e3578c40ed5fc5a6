import { benchBare, benchEngine } from './api';
import { printRows, type Row } from './lib/report';

// npm run bench: every figure of issue 7 beside its target, in one run on this machine.
const only = new Set((process.env.BENCH_ONLY ?? 'api,web,lighthouse,processing').split(','));
const all: Row[] = [];
const started = Date.now();

if (only.has('api')) {
  console.log(
    `API: autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 8} s per call, after a 2 s warm-up; server and bare server each in their own process; write limiter raised to 1e9 (RATE_LIMIT_WRITES) so it does not answer 429.`,
  );
  const bare = await benchBare();
  printRows('bare Fastify', bare.rows);
  for (const engine of ['pglite', 'postgres'] as const) {
    const rows = await benchEngine(engine, bare.load, {});
    printRows(`API on ${engine}`, rows);
    all.push(...rows);
  }
}

const missed = all.filter((r) => r.ok === false);
console.log(
  `\nbench done in ${Math.round((Date.now() - started) / 1000)} s: ${all.filter((r) => r.ok).length} PASS, ${missed.length} MISS`,
);
process.exit(0);
