// Decisions end to end through HTTP (issue 30 item 1): the compiled server exactly as `npm start`
// runs it (flags and malloc settings from package.json, fsync on for both engines), a fresh
// database each time, BENCH_PROCESSING_COUNT (200) applications filled in step by step over HTTP,
// then their final submissions at once (a partner's batch), each application then polling its
// state once a second as the browser does. Personas: 85 % accepted, 10 % manual review, 5 %
// declined (docs/test-personas.md).
// Figures: accepted decisions per second (from the first final submission to the last accepted
// decision, taken from the server's own "application decided" log lines), latency from the
// submission's commit to the decision's log line (p50, p95; DB and log, not the 1 s polls), and
// the longest block of the server's main event loop during the burst (bench/lib/loopProbe.mjs,
// inside the server; LOOP_PROBE_SPLIT=1 also splits the longest block into the main thread's CPU,
// its wait for a CPU and its time blocked, ADR 1475), the server's CPU per decision and, of it, its main thread's (/proc task), and the whole machine's (/proc/stat: the PostgreSQL server and the bench's clients included, ADR 1499). Runs BENCH_REPEATS rounds; in each round every engine and every build
// runs once (interleaved). BENCH_PROCESSING_BUILDS='{"before":"distbase/server/main.js",
// "now":"dist/server/main.js"}' compares a copy of an earlier build side by side; node flags
// after a build's script ("distbase/server/main.js --heap-growing-percent=30") are that build's
// own, after npm start's.
// BENCH_PROCESSING_BURSTS=2 measures a second burst on the same server after the first (a server
// that issued documents in the last minute), reported in rows of its own; more (e.g. 10) show
// whether a server that keeps deciding stays as fast and as small ("burst N on the same server").
// Run: npx tsx bench/processing.ts (npm run bench runs it as the part `processing`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, type Engine } from '../src/server/db/client';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';
import { securityFields } from '../src/server/testing/fixtures';
import { testSealEnv } from '../src/server/testing/seal';
import { completeApplicationForToday } from './lib/application';
import {
  benchServerEnv,
  cpuMsOf,
  threadCpuMsOf,
  npmStartSettings,
  repoRoot,
  startChild,
  type ChildServer,
} from './lib/childServer';
import { check, printRows, type Row } from './lib/report';
import { fmt, repeats, spread } from './lib/stats';

const count = Number(process.env.BENCH_PROCESSING_COUNT ?? 200);
const builds = JSON.parse(
  process.env.BENCH_PROCESSING_BUILDS ?? '{"now":"dist/server/main.js"}',
) as Record<string, string>;
const engines = (process.env.BENCH_PROCESSING_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const finalStates = new Set(['accepted', 'declined', 'pending']);
const polls = process.env.BENCH_PROCESSING_POLLS !== '0';
const bursts = Number(process.env.BENCH_PROCESSING_BURSTS ?? 1);
const decidedLines = (log: string) => log.split('"application decided"').length - 1;

/**
 * CPU time the whole machine spent busy so far (ms, /proc/stat; steal, idle and I/O wait left
 * out): the server, the PostgreSQL server's processes and the bench's own clients share the two
 * cores, and 30 decisions per second must fit all of them (ADR 1499). Linux only; 0 elsewhere.
 */
function machineBusyMs(): number {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / 100; // USER_HZ = 100
  } catch {
    return 0;
  }
}

/** 85 % accepted: every 20th declined ("Abgelehnt"), every 10th in review ("Pruefung"). */
const personaOf = (i: number) =>
  i % 20 === 3 ? 'Abgelehnt' : i % 10 === 7 ? 'Pruefung' : 'Mustermann';
const expected = (last: string) =>
  last === 'Abgelehnt' ? 'declined' : last === 'Pruefung' ? 'pending' : 'accepted';

async function send(base: string, method: string, path: string, body: unknown) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { cid?: string; errors?: object; state?: string };
  if (r.status !== 200 || Object.keys(json.errors ?? {}).length)
    throw new Error(`${method} ${path.split('?')[0]} -> ${r.status} ${JSON.stringify(json)}`);
  return json;
}

interface Prepared {
  cid: string;
  last: string;
  body: Record<string, unknown>;
}

/** One application filled in up to its last step (setup, not measured). */
async function prepare(url: string, i: number, round = 0): Promise<Prepared> {
  const app = completeApplicationForToday();
  const last = personaOf(i);
  const tenant = app.tenant as Record<string, unknown>;
  tenant.name = last;
  tenant.email = tenant.emailConfirmation = `burst${round}-${i}@example.org`;
  const { cid } = await send(url, 'POST', '/api/tenancies?step=start', app);
  const q = (step: string) => `/api/tenancies?cid=${cid}&step=${step}`;
  for (const step of ['tenant', 'landlord', 'object']) await send(url, 'PATCH', q(step), app);
  await send(url, 'PATCH', q('payment'), { ...app, ...(await securityFields(url)) });
  await send(url, 'PATCH', q('selling'), app);
  return { cid: cid!, last, body: app };
}

async function inParallel<T>(n: number, width: number, work: (i: number) => Promise<T>) {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

/** The browser's polling: once a second until the state is final (at most 5 minutes here). */
async function pollUntilFinal(url: string, cid: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const r = await fetch(`${url}/api/application/state/${cid}`);
    const { state } = (await r.json()) as { state: string };
    if (finalStates.has(state)) return state;
    await sleep(1000);
  }
  return 'timeout';
}

/** LOOP_PROBE_SPLIT=1 (bench/lib/loopProbe.mjs, ADR 1475): what the longest late turn was. */
interface LoopSplit {
  lateMs: number;
  /** The main thread on a CPU, runnable but waiting for one, blocked (e.g. on a lock), ms. */
  runMs: number;
  waitMs: number;
  sleepMs: number;
  /** The most CPU the main thread used within any one turn of the loop, ms. */
  maxRunMs: number;
}

interface Result {
  acceptedPerSecond: number;
  p50: number;
  p95: number;
  loopMaxMs: number;
  split?: LoopSplit;
  wrong: number;
  accepted: number;
  /** Server CPU (every thread) from the burst until the last decision, per decision, ms. */
  cpuPerDecisionMs: number;
  /** Of it, the main thread's (HTTP, jobs, database driver, e-mails), ms. */
  mainCpuPerDecisionMs: number;
  /** This bench process's CPU (the tenants' requests and polls) on the same cores, ms. */
  clientCpuPerDecisionMs: number;
  /** The whole machine's busy CPU over the same time (server, database, bench), ms. */
  machinePerDecisionMs: number;
  /** The server process's largest RSS during the burst (document threads included), MB. */
  peakRssMb: number;
  /** CPU per decision by thread name (threads that ended during the burst are missing), ms. */
  byThread: Record<string, number>;
}

/**
 * CPU used between two snapshots of a process's threads, by thread ("main" for the main thread);
 * a thread started in between counts from zero.
 */
function threadsPerDecision(
  before: ReturnType<typeof threadCpuMsOf>,
  after: ReturnType<typeof threadCpuMsOf>,
  mainTid: number,
): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const [tid, t] of after) {
    // Node 20 names every thread "node": the others are told apart by their order of start
    // (V8's platform threads first, then libuv's pool and the worker threads as they start).
    const name = tid === mainTid ? 'main' : `${t.name}+${tid - mainTid}`;
    sums[name] = (sums[name] ?? 0) + t.ms - (before.get(tid)?.ms ?? 0);
  }
  return sums;
}

/** Application id -> submitted_at (ms) of the stopped server's database. */
async function submittedAt(engine: Engine, dataDir: string, pg?: TestDatabase) {
  const db = engine === 'pglite' ? await openPglite(join(dataDir, 'pglite')) : pg!;
  try {
    const r = await db.executeSql(
      'SELECT id, submitted_at FROM applications WHERE submitted_at IS NOT NULL',
    );
    return new Map(
      r.rows.map((row) => [String(row.id), new Date(row.submitted_at as string).getTime()]),
    );
  } finally {
    if (engine === 'pglite') await db.close();
  }
}

async function burst(engine: Engine, script: string): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-decisions-'));
  const probeFile = join(dataDir, 'loop-probe.jsonl');
  const pg =
    engine === 'postgres' ? await createTestDatabase('postgres', { migrate: false }) : undefined;
  const start = npmStartSettings();
  let server: ChildServer | undefined;
  try {
    // A build may name node flags after its script ("dist/server/main.js --max-semi-space-size=8"):
    // they come after npm start's own, so they override them (the last of a V8 flag wins).
    const [file, ...buildArgs] = script.split(' ').filter(Boolean);
    server = await startChild({
      script: file!,
      noTsx: true,
      nodeArgs: [
        ...start.nodeArgs,
        ...buildArgs,
        '--import',
        join(repoRoot, 'bench/lib/loopProbe.mjs'),
        // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": one profile per thread of the server.
        ...(process.env.BENCH_PROCESSING_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ],
      env: {
        ...start.env,
        DATA_DIR: dataDir,
        ...(pg ? { DATABASE_URL: pg.url! } : {}),
        LOOP_PROBE_FILE: probeFile,
        ...benchServerEnv,
        SEED_EXAMPLES: 'false',
        // A configured seal, as in production: without one the first decision of a fresh
        // database makes an RSA key (seconds, once per installation), which is not the burst.
        ...testSealEnv,
      },
      keepOutput: true,
      timeoutMs: 300_000,
    });
    const url = server.url;
    const s = server;
    // BENCH_PROCESSING_BURSTS=2: a second burst on the same server once the first is decided
    // (main thread warm, legal PDFs rendered, the document thread still running): what a server
    // that issued documents in the last minute does. Each burst is measured on its own.
    const measured: {
      t0: number;
      prepared: Prepared[];
      states: string[];
      cpu: number;
      machineMs: number;
      mainCpu: number;
      clientMs: number;
      byThread: Record<string, number>;
      peakRssMb: number;
      loopMaxMs: number;
      split?: LoopSplit;
    }[] = [];
    for (let b = 0; b < bursts; b++) {
      const prepared = await inParallel(count, 8, (i) => prepare(url, i, b));
      await sleep(1000);
      process.kill(s.pid, 'SIGUSR2'); // the probe starts over: the burst alone is measured
      await sleep(100);
      const t0 = Date.now();
      // BENCH_PROCESSING_AT_BURST='perf record -g -p {pid} -o /tmp/perf.data -- sleep 8': a
      // command started with the burst (a system profiler), {pid} the server's.
      if (process.env.BENCH_PROCESSING_AT_BURST)
        spawn(
          'sh',
          ['-c', process.env.BENCH_PROCESSING_AT_BURST.replaceAll('{pid}', String(s.pid))],
          {
            stdio: 'ignore',
          },
        );
      const client0 = process.cpuUsage();
      const cpu0 = cpuMsOf(s.pid);
      const machine0 = machineBusyMs();
      const mainCpu0 = cpuMsOf(s.pid, s.pid);
      const threads0 = threadCpuMsOf(s.pid);
      let peakRssMb = 0;
      const rss = setInterval(() => {
        // A server that has exited has no /proc entry: the burst's own check reports it, the
        // sampler must not end the whole bench with ENOENT.
        try {
          peakRssMb = Math.max(peakRssMb, s.rssMb());
        } catch {
          // gone: nothing to sample
        }
      }, 250);
      const states = await Promise.all(
        prepared.map(async (p) => {
          const r = await send(url, 'PATCH', `/api/tenancies?cid=${p.cid}&step=check`, p.body);
          if (r.state !== 'submitted') throw new Error(`final save answered ${JSON.stringify(r)}`);
          return polls ? pollUntilFinal(url, p.cid) : '';
        }),
      );
      // BENCH_PROCESSING_POLLS=0: no browser polls (the server's own cost per decision); the end
      // is the last "application decided" line (the log is written at least once a second).
      while (!polls && decidedLines(s.output()) < count * (b + 1)) await sleep(200);
      const cpu = cpuMsOf(s.pid) - cpu0;
      const machineMs = machineBusyMs() - machine0;
      const mainCpu = cpuMsOf(s.pid, s.pid) - mainCpu0;
      const client = process.cpuUsage(client0);
      const byThread = threadsPerDecision(threads0, threadCpuMsOf(s.pid), s.pid);
      clearInterval(rss);
      process.kill(s.pid, 'SIGUSR2');
      await sleep(200);
      const probe = readFileSync(probeFile, 'utf8').trim().split('\n');
      const { maxMs: loopMaxMs, split } = JSON.parse(probe[probe.length - 1]!) as {
        maxMs: number;
        split?: LoopSplit;
      };
      measured.push({
        t0,
        prepared,
        states,
        cpu,
        machineMs,
        mainCpu,
        clientMs: (client.user + client.system) / 1000,
        byThread,
        peakRssMb,
        loopMaxMs,
        split,
      });
    }
    await server.stop(); // flushes the log lines
    const t0 = measured[0]!.t0;
    if (process.env.BENCH_PROCESSING_LOG)
      writeFileSync(`${process.env.BENCH_PROCESSING_LOG}.${engine}.t0-${t0}.log`, server.output());
    const allDecided = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"application decided"'))
      .map((l) => JSON.parse(l) as { time: number; applicationId: string; outcome: string });
    const submitted = await submittedAt(engine, dataDir, pg);
    return measured.map((m, b) => {
      // Each burst waits for every final state before the next one is prepared: its decisions
      // are the lines between its start and the next burst's.
      const end = measured[b + 1]?.t0 ?? Infinity;
      const decided = allDecided.filter((d) => d.time >= m.t0 && d.time < end);
      const accepted = decided.filter((d) => d.outcome === 'accepted');
      // BENCH_PROCESSING_TIMELINE=1: decisions per half second from the burst's start (where the
      // pipeline idles: the start of the document threads, the tail).
      if (process.env.BENCH_PROCESSING_TIMELINE === '1') {
        const buckets: number[] = [];
        for (const d of decided) {
          const k = Math.floor((d.time - m.t0) / 500);
          buckets[k] = (buckets[k] ?? 0) + 1;
        }
        console.log(
          `  burst ${b + 1}, decided per 0.5 s: ${Array.from(buckets, (n) => n ?? 0).join(' ')}`,
        );
      }
      const lastAccepted = Math.max(...accepted.map((d) => d.time));
      const latencies = decided
        .map((d) => d.time - (submitted.get(d.applicationId) ?? NaN))
        .filter(Number.isFinite)
        .sort((x, y) => x - y);
      const pct = (p: number) => latencies[Math.ceil((p / 100) * latencies.length) - 1] ?? NaN;
      return {
        acceptedPerSecond: accepted.length / ((lastAccepted - m.t0) / 1000),
        p50: pct(50),
        p95: pct(95),
        loopMaxMs: m.loopMaxMs,
        split: m.split,
        // Without polls the outcomes are known only from the log: the count of acceptances.
        wrong: polls
          ? m.states.filter((st, i) => st !== expected(m.prepared[i]!.last)).length
          : Math.abs(
              accepted.length - m.prepared.filter((p) => expected(p.last) === 'accepted').length,
            ),
        accepted: accepted.length,
        cpuPerDecisionMs: m.cpu / decided.length,
        machinePerDecisionMs: m.machineMs / decided.length,
        mainCpuPerDecisionMs: m.mainCpu / decided.length,
        clientCpuPerDecisionMs: m.clientMs / decided.length,
        peakRssMb: m.peakRssMb,
        byThread: Object.fromEntries(
          Object.entries(m.byThread).map(([name, ms]) => [name, ms / decided.length]),
        ),
      };
    });
  } finally {
    await server?.stop();
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const results = new Map<string, Result[]>();
const loads = new Map<string, string[]>();
for (let round = 0; round < repeats; round++) {
  for (const engine of engines) {
    for (const [name, script] of Object.entries(builds)) {
      const before = load();
      const all = await burst(engine, script);
      for (const [b, r] of all.entries()) {
        const key = `${engine}|${name}|${b}`;
        console.log(
          `round ${round + 1} ${engine} ${name}${b ? ` burst ${b + 1}` : ''}: ${r.accepted} accepted, ${r.acceptedPerSecond.toFixed(1)}/s, ` +
            `p50 ${Math.round(r.p50)} ms, p95 ${Math.round(r.p95)} ms, loop max ${Math.round(r.loopMaxMs)} ms, ` +
            `CPU ${r.cpuPerDecisionMs.toFixed(0)} ms per decision (main thread ${r.mainCpuPerDecisionMs.toFixed(0)}; the bench's own requests ${r.clientCpuPerDecisionMs.toFixed(0)}; the whole machine ${r.machinePerDecisionMs.toFixed(0)}), peak RSS ${Math.round(r.peakRssMb)} MB` +
            `${r.wrong ? `, ${r.wrong} WRONG outcomes` : ''} (load before ${before})`,
        );
        if (r.split)
          console.log(
            `  longest late turn ${Math.round(r.split.lateMs)} ms: main thread on a CPU ${Math.round(r.split.runMs)}, ` +
              `waiting for a CPU ${Math.round(r.split.waitMs)}, blocked ${Math.round(r.split.sleepMs)}; ` +
              `most CPU in one turn ${Math.round(r.split.maxRunMs)} ms`,
          );
        // BENCH_PROCESSING_THREADS=1: where the CPU went, by thread name, ms per decision.
        if (process.env.BENCH_PROCESSING_THREADS === '1')
          console.log(
            `  by thread: ${Object.entries(r.byThread)
              .filter(([, ms]) => ms >= 0.5)
              .sort((x, y) => y[1] - x[1])
              .map(([thread, ms]) => `${thread} ${ms.toFixed(1)}`)
              .join(', ')}`,
          );
        results.set(key, [...(results.get(key) ?? []), r]);
        loads.set(key, [...(loads.get(key) ?? []), before]);
      }
    }
  }
}

const rows: Row[] = [];
for (const engine of engines) {
  for (const name of Object.keys(builds))
    for (let b = 0; b < bursts; b++) {
      const key = `${engine}|${name}|${b}`;
      const rs = results.get(key)!;
      const label = `${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}${Object.keys(builds).length > 1 ? ` (${name})` : ''}, ${b ? `burst ${b + 1} on the same server` : 'burst'} of ${count} final submissions over HTTP, 85 % accepted`;
      const rate = spread(rs.map((r) => r.acceptedPerSecond));
      const loop = spread(rs.map((r) => r.loopMaxMs));
      const splits = rs.flatMap((r) => (r.split ? [r.split] : []));
      const of = (k: keyof LoopSplit) => fmt(spread(splits.map((x) => x[k])));
      const splitText = splits.length
        ? `; the longest late turn: on a CPU ${of('runMs')}, waiting for a CPU ${of('waitMs')}, blocked ${of('sleepMs')} ms; most CPU in one turn ${of('maxRunMs')} ms`
        : '';
      const wrong = rs.reduce((n, r) => n + r.wrong, 0);
      rows.push(
        check(
          `${label}, accepted decisions per second`,
          `${fmt(rate, 1)}/s; submission -> decision p50 ${fmt(spread(rs.map((r) => r.p50)))} ms, p95 ${fmt(spread(rs.map((r) => r.p95)))} ms; server CPU ${fmt(spread(rs.map((r) => r.cpuPerDecisionMs)))} ms per decision (main thread ${fmt(spread(rs.map((r) => r.mainCpuPerDecisionMs)))}; the whole machine, database and bench included, ${fmt(spread(rs.map((r) => r.machinePerDecisionMs)))}); server RSS peak ${fmt(spread(rs.map((r) => r.peakRssMb)))} MB` +
            `${wrong ? `; ${wrong} outcomes differ from the persona` : ''}; load ${loads.get(key)!.join(' / ')}`,
          '>= 30/s',
          rate.median >= 30 && wrong === 0,
        ),
        check(
          `${label}, longest block of the server's main event loop`,
          `${fmt(loop)} ms${splitText}`,
          '<= 50 ms',
          loop.median <= 50,
        ),
      );
    }
}
printRows('decisions through HTTP (bench/processing.ts)', rows);
process.exit(0);
