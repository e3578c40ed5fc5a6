import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { applicationBody, createApplications } from './lib/applications';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';
import type { Baseline } from './lib/baseline';
import { startBareClient, waitingApplications } from './lib/bareClient';
import {
  benchServerEnv,
  cpuMsOf,
  startChild,
  startCompiledServer,
  type ChildServer,
} from './lib/childServer';
import { check, type Row } from './lib/report';
import { fmt, repeats, spread } from './lib/stats';

const APPLICATIONS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP = 1;
/**
 * Seconds of every target's every call at 50 connections before the first round (ADR 1450): a
 * server just started (the PGlite product restarts after its data is copied) needs several
 * seconds of a route before V8 has optimised its code and the engine's caches are warm; a
 * second's warm-up measured the product's cold start against the yardstick's far smaller one.
 */
const WARMUP_FIRST = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const LEVELS = [8, 50] as const;
/** Applications waiting for staff, whose state the state poll reads (rotated like the saves). */
const WAITING = 50;

interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU (all threads) per answered request, µs. */
  cpuUs: number;
}

async function cannon(
  server: ChildServer,
  connections: number,
  opts: { path?: string; method?: string; body?: string; paths?: string[] },
  warmupOnly = false,
): Promise<Load> {
  let n = 0;
  const paths = opts.paths;
  const run = (seconds: number) =>
    autocannon({
      url: `${server.url}${opts.path ?? ''}`,
      connections,
      duration: seconds,
      method: opts.method ?? 'GET',
      headers: opts.body ? { 'content-type': 'application/json' } : {},
      body: opts.body,
      // Each request takes the next path (another application), as many tenants would.
      ...(paths
        ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }] }
        : {}),
    });
  if (warmupOnly) {
    await run(WARMUP_FIRST);
    return { rps: NaN, p99: NaN, errors: 0, cpuUs: NaN };
  }
  await run(WARMUP); // JIT and caches warm
  const cpu0 = cpuMsOf(server.pid);
  const r = await run(DURATION);
  const cpu = cpuMsOf(server.pid) - cpu0;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuUs: r.requests.total ? (cpu * 1000) / r.requests.total : NaN,
  };
}

type Call = 'hello' | 'rates' | 'load' | 'save' | 'state';
interface Target {
  name: string;
  server: ChildServer;
  calls: Call[];
  /** Per call: how to request it. */
  request: Partial<
    Record<Call, { path?: string; method?: string; body?: string; paths?: string[] }>
  >;
  cleanup(): Promise<void>;
}

const bareClientName = (product: string) => `bare client on ${product}`;

/**
 * The product on one engine, with 200 applications saved up to the tenant step; beside it (not
 * for the build before issue 13) WAITING applications waiting for staff and the bare client
 * yardstick of that engine on the same data (bench/lib/bareClient.ts, ADR 1360): on PGlite the
 * product stops while its data directory is copied, then starts again.
 */
async function product(
  name: string,
  engine: 'pglite' | 'postgres',
  baseline?: Baseline,
): Promise<Target[]> {
  let pgdb: TestDatabase | undefined;
  let dataDir: string | undefined;
  const env: Record<string, string> = { ...benchServerEnv };
  if (engine === 'postgres') {
    pgdb = await createTestDatabase('postgres', { migrate: false });
    env.DATABASE_URL = pgdb.url!;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'quality-bench-'));
    env.DATA_DIR = dataDir;
  }
  const start = () =>
    baseline
      ? startChild({
          script: 'src/server/main.ts',
          cwd: baseline.dir,
          env,
          keepOutput: false,
          discardStdout: true,
          timeoutMs: 300_000,
        })
      : startCompiledServer(env, { keepOutput: false, discardStdout: true });
  let server: ChildServer | undefined;
  let yardstick: Awaited<ReturnType<typeof startBareClient>> | undefined;
  const cleanup = async () => {
    await server?.stop();
    await yardstick?.stop();
    await pgdb?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await start();
    const body = applicationBody();
    const cids = await createApplications(server.url, body, APPLICATIONS);
    const save = {
      method: 'PATCH',
      body,
      paths: cids.map((c) => `/api/tenancies?cid=${c}&step=tenant`),
    };
    const target: Target = {
      name,
      server,
      calls: ['rates', 'load', 'save'],
      request: {
        rates: { path: '/api/rates?sum=1500&payment=12&product_selection=standard' },
        load: { paths: cids.map((c) => `/api/tenancies?cid=${c}`) },
        save,
      },
      cleanup,
    };
    if (baseline) return [target];
    const waiting = await waitingApplications(server.url, WAITING);
    const state = { paths: waiting.map((c) => `/api/application/state/${c}`) };
    if (dataDir) {
      await server.stop();
      yardstick = await startBareClient(engine, { pgliteDir: join(dataDir, 'pglite') });
      target.server = server = await start();
    } else yardstick = await startBareClient(engine, { databaseUrl: pgdb!.url! });
    target.calls.push('state');
    target.request.state = state;
    return [
      target,
      {
        name: bareClientName(name),
        server: yardstick.server,
        calls: ['save', 'state'],
        request: { save, state },
        cleanup: async () => undefined, // stopped with the product (same data)
      },
    ];
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function bare(): Promise<Target> {
  const server = await startChild({ script: 'bench/bareServer.ts', env: {}, discardStdout: true });
  return {
    name: 'bare Fastify',
    server,
    calls: ['hello'],
    request: { hello: {} },
    cleanup: () => server.stop(),
  };
}

/**
 * The rates yardstick (issue 30 item 3): a bare Fastify, no plugins, hooks or logging, whose
 * GET /rates sends the product's own answer to /api/rates, every header and the body (ADR 0600).
 * What a server must at least do to send those bytes; the product's rates are judged against it.
 */
const bareRatesName = 'bare Fastify sending the rates answer';
async function bareRates(): Promise<Target> {
  const server = await startChild({
    script: 'bench/bareServer.ts',
    env: { BARE_AS_RATES: '1' },
    discardStdout: true,
  });
  return {
    name: bareRatesName,
    server,
    calls: ['rates'],
    request: { rates: { path: '/rates' } },
    cleanup: () => server.stop(),
  };
}

/**
 * Throughput, latency and server CPU per request of the product (compiled, both engines), the
 * code before issue 13 (PGlite, the baseline worktree) and the yardstick (bare Fastify), each
 * figure measured `repeats` times with the targets interleaved (round 1: every target, round 2:
 * every target, ...), so drift of the machine hits all of them alike. Ratios are taken per round
 * against the yardstick measured in the same round, then their median is reported.
 */
export async function benchApi(baseline: Baseline | undefined): Promise<Row[]> {
  const targets: Target[] = [];
  try {
    targets.push(await bare());
    targets.push(await bareRates());
    targets.push(...(await product('PGlite', 'pglite')));
    targets.push(...(await product('PostgreSQL', 'postgres')));
    if (baseline) targets.push(...(await product('PGlite before issue 13', 'pglite', baseline)));
    const results = new Map<string, Load[]>();
    const key = (t: string, c: Call, conns: number) => `${t}|${c}|${conns}`;
    const calls: Call[] = ['hello', 'rates', 'load', 'save', 'state'];
    for (const call of calls)
      for (const t of targets.filter((x) => x.calls.includes(call)))
        await cannon(t.server, 50, t.request[call]!, true);
    // A call at a time, its targets back to back (a product beside its yardstick, under the same
    // load of the machine), every other round in the reverse order (ADR 1450).
    for (let round = 0; round < repeats; round++) {
      for (const call of calls) {
        const those = targets.filter((x) => x.calls.includes(call));
        for (const t of round % 2 ? those.reverse() : those) {
          for (const conns of LEVELS) {
            const l = await cannon(t.server, conns, t.request[call]!);
            const k = key(t.name, call, conns);
            results.set(k, [...(results.get(k) ?? []), l]);
          }
        }
      }
    }
    return report(targets, results, key);
  } finally {
    for (const t of targets.reverse()) await t.cleanup().catch(() => undefined);
  }
}

const callLabels: Record<Call, string> = {
  hello: 'GET / (hello)',
  rates: 'GET /api/rates',
  load: 'GET /api/tenancies?cid= (load)',
  save: 'PATCH /api/tenancies (step save)',
  state: 'GET /api/application/state/{cid} (state poll, waiting)',
};

/**
 * Saves and state polls against the bare client running the same statements on the same engine
 * and data (issue 30 "Hot path", ADR 1360): req/s of both and their ratio per round, CPU per request.
 */
function bareClientRows(
  targets: Target[],
  results: Map<string, Load[]>,
  key: (t: string, c: Call, conns: number) => string,
): Row[] {
  const rows: Row[] = [];
  for (const t of targets)
    for (const call of ['save', 'state'] as const) {
      const product = results.get(key(t.name, call, 50));
      const bare = results.get(key(bareClientName(t.name), call, 50));
      if (!product || !bare) continue;
      const ratio = spread(product.map((l, i) => l.rps / bare[i]!.rps));
      // The same ratio in server CPU per request (bare / product): what the machine's load moves least.
      const cpuRatio = spread(product.map((l, i) => bare[i]!.cpuUs / l.cpuUs));
      const errors = [...product, ...bare].reduce((n, l) => n + l.errors, 0);
      rows.push(
        check(
          `${t.name}: ${callLabels[call]} / the bare client running its statements, 50 connections`,
          `${fmt(ratio, 2)} x (in CPU per request ${fmt(cpuRatio, 2)} x); product ${fmt(spread(product.map((l) => l.rps)))} req/s, ${fmt(spread(product.map((l) => l.cpuUs)))} µs CPU/request; bare client ${fmt(spread(bare.map((l) => l.rps)))} req/s, ${fmt(spread(bare.map((l) => l.cpuUs)))} µs CPU/request${errors ? `; ${errors} errors` : ''}`,
          '>= 0.7 x (goal), no errors',
          ratio.median >= 0.7 && !errors,
        ),
      );
    }
  return rows;
}

function report(
  targets: Target[],
  results: Map<string, Load[]>,
  key: (t: string, c: Call, conns: number) => string,
): Row[] {
  const rows: Row[] = [];
  const yard = results.get(key('bare Fastify', 'hello', 50))!;
  rows.push(
    check(
      'bare Fastify hello, 50 connections',
      `${fmt(spread(yard.map((l) => l.rps)))} req/s, ${fmt(spread(yard.map((l) => l.cpuUs)))} µs CPU per request`,
      '(yardstick)',
      null,
    ),
  );
  const yardRates = results.get(key(bareRatesName, 'rates', 50))!;
  rows.push(
    check(
      `${bareRatesName} (the product's headers and body, no hooks, no log), 50 connections`,
      `${fmt(spread(yardRates.map((l) => l.rps)))} req/s = ${fmt(spread(yardRates.map((l, i) => l.rps / yard[i]!.rps)), 2)} x hello, ${fmt(spread(yardRates.map((l) => l.cpuUs)))} µs CPU per request`,
      '(yardstick of GET /api/rates)',
      null,
    ),
  );
  for (const t of targets.filter((x) => !x.name.startsWith('bare'))) {
    for (const call of t.calls) {
      const at50 = results.get(key(t.name, call, 50))!;
      const at8 = results.get(key(t.name, call, 8))!;
      const ratios = spread(at50.map((l, i) => l.rps / yard[i]!.rps));
      // GET /api/rates against the bare server sending the same bytes, round by round.
      const ratesRatios = spread(at50.map((l, i) => l.rps / yardRates[i]!.rps));
      const ratesCpuRatios = spread(at50.map((l, i) => yardRates[i]!.cpuUs / l.cpuUs));
      const errors = [...at50, ...at8].reduce((n, l) => n + l.errors, 0);
      const want = call === 'save' && t.name === 'PGlite' ? 0.25 : undefined;
      const label = `${t.name}: ${callLabels[call]}`;
      const verdict50 = t.name.includes('before')
        ? null
        : call === 'rates'
          ? ratesRatios.median >= 0.7 && !errors
          : (want ? ratios.median >= want : true) && !errors;
      rows.push(
        check(
          `${label}, 50 connections`,
          `${fmt(spread(at50.map((l) => l.rps)))} req/s = ${call === 'rates' ? `${fmt(ratesRatios, 2)} x the bare rates answer (in CPU per request ${fmt(ratesCpuRatios, 2)} x), ` : ''}${fmt(ratios, 2)} x hello; ${fmt(spread(at50.map((l) => l.cpuUs)))} µs CPU/request; p99 ${fmt(spread(at50.map((l) => l.p99)))} ms${errors ? `; ${errors} errors` : ''}`,
          call === 'rates'
            ? '>= 0.7 x the bare rates answer, no errors'
            : want
              ? `>= ${want} x bare, no errors`
              : 'no errors (throughput reported)',
          verdict50,
        ),
        check(
          `${label}, 8 connections`,
          `p99 ${fmt(spread(at8.map((l) => l.p99)))} ms; ${fmt(spread(at8.map((l) => l.rps)))} req/s`,
          'p99 < 50 ms',
          t.name.includes('before') ? null : spread(at8.map((l) => l.p99)).median < 50,
        ),
      );
    }
  }
  rows.push(...bareClientRows(targets, results, key));
  const now = results.get(key('PGlite', 'save', 50));
  const before = results.get(key('PGlite before issue 13', 'save', 50));
  if (now && before) {
    const r = spread(now.map((l, i) => l.rps / before[i]!.rps));
    rows.push(
      check(
        'PGlite step save now / before issue 13 (same run, interleaved)',
        `${fmt(r, 2)} x`,
        '>= 2 x',
        r.median >= 2,
      ),
    );
  }
  return rows;
}
