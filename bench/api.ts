import autocannon from 'autocannon';
import { completeNewApiApplication } from '../src/server/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/database';
import { startChild, startProductServer, type ChildServer } from './lib/childServer';
import { check, type Row } from './lib/report';

export const CONNECTIONS = 50;
const APPLICATIONS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(
  url: string,
  opts: { method?: string; body?: string; seconds?: number; paths?: string[] } = {},
): Promise<Load> {
  let n = 0;
  const paths = opts.paths;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.seconds ?? DURATION,
    method: opts.method ?? 'GET',
    headers: opts.body ? { 'content-type': 'application/json' } : {},
    body: opts.body,
    // Each request takes the next path (another application), as 50 different tenants would.
    ...(paths
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }] }
      : {}),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** Samples a process's RSS every 250 ms while `work` runs; answers the peak in MB. */
async function peakRss(server: ChildServer, work: () => Promise<void>): Promise<number> {
  let peak = server.rssMb();
  const t = setInterval(() => {
    try {
      peak = Math.max(peak, server.rssMb());
    } catch {
      /* process gone */
    }
  }, 250);
  try {
    await work();
  } finally {
    clearInterval(t);
  }
  return peak;
}

const fmtLoad = (l: Load) =>
  `${Math.round(l.rps)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.errors ? `, ${l.errors} errors` : ''}`;

/** The bare Fastify hello server: the yardstick for every ratio. */
export async function benchBare(): Promise<{ load: Load; rows: Row[] }> {
  const bare = await startChild({ script: 'bench/bareServer.ts', env: {}, discardStdout: true });
  let load: Load;
  try {
    await cannon(bare.url, { seconds: 2 }); // warm-up (JIT)
    load = await cannon(bare.url);
  } finally {
    await bare.stop();
  }
  // Reported only (ADR 0600): the same bare server answering with the bytes /api/rates must send
  // (the product's security and CORS headers, the rates body). Its ratio is the ceiling the
  // product's rates call could reach with zero work of its own, on this machine.
  const asRates = await startChild({
    script: 'bench/bareServer.ts',
    env: { BARE_AS_RATES: '1' },
    discardStdout: true,
  });
  let rates: Load;
  try {
    await cannon(`${asRates.url}/rates`, { seconds: 2 });
    rates = await cannon(`${asRates.url}/rates`);
  } finally {
    await asRates.stop();
  }
  return {
    load,
    rows: [
      { figure: 'bare Fastify hello', value: fmtLoad(load), target: '(yardstick)', ok: null },
      {
        figure: "bare Fastify with the rates answer's headers and body",
        value: `${fmtLoad(rates)} = ${(rates.rps / load.rps).toFixed(2)} x bare`,
        target: '(reported: ceiling for the rates ratio)',
        ok: null,
      },
    ],
  };
}

/**
 * The product server as a child process on a fresh database of the engine. The write limiter is
 * set to 1e9 per window (RATE_LIMIT_WRITES): 50 connections from one address would otherwise be
 * answered 429 after 60 saves, and we would measure the limiter, not the save.
 */
export async function benchEngine(
  engine: 'pglite' | 'postgres',
  bare: Load,
  extraEnv: Record<string, string>,
): Promise<Row[]> {
  let pgdb: TestDatabase | undefined;
  const env: Record<string, string> = {
    LOG_LEVEL: 'info',
    RATE_LIMIT_WRITES: '1000000000',
    SERVER_SECRET: 'bench-secret-0123456789abcdef',
    ...extraEnv,
  };
  if (engine === 'postgres') {
    pgdb = await createTestDatabase('postgres', { migrate: false });
    env.DATABASE_URL = pgdb.url!;
  } else {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'quality-bench-'));
  }
  const server = await startProductServer(env, { keepOutput: false, discardStdout: true });
  const rows: Row[] = [];
  try {
    // 200 applications saved up to the tenant step: the load and save calls rotate through them,
    // so 50 connections are 50 tenants (one shared row would measure its row lock instead).
    const app = completeNewApiApplication();
    const cids: string[] = [];
    for (let i = 0; i < APPLICATIONS; i++) {
      const created = await (
        await fetch(`${server.url}/api/tenancies?step=tenant`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(app),
        })
      ).json();
      if (!created.cid || Object.keys(created.errors ?? {}).length)
        throw new Error(`setup save failed: ${JSON.stringify(created)}`);
      cids.push(created.cid as string);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const idle = server.rssMb();

    const rates = `${server.url}/api/rates?sum=1500&payment=12&product_selection=standard`;
    const loads = cids.map((c) => `/api/tenancies?cid=${c}`);
    const saves = cids.map((c) => `/api/tenancies?cid=${c}&step=tenant`);
    const body = JSON.stringify(app);
    let rr: Load | undefined, lr: Load | undefined, sr: Load | undefined;
    const peak = await peakRss(server, async () => {
      await cannon(rates, { seconds: 2 });
      rr = await cannon(rates);
      await cannon(server.url, { paths: loads, seconds: 2 });
      lr = await cannon(server.url, { paths: loads });
      await cannon(server.url, { method: 'PATCH', body, paths: saves, seconds: 2 });
      sr = await cannon(server.url, { method: 'PATCH', body, paths: saves });
    });
    const ratio = (l: Load) => l.rps / bare.rps;
    const e = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    rows.push(
      check(
        `${e}: GET /api/rates`,
        `${fmtLoad(rr!)} = ${ratio(rr!).toFixed(2)} x bare`,
        '>= 0.70 x bare, no errors',
        ratio(rr!) >= 0.7 && rr!.errors === 0,
      ),
      check(
        `${e}: GET /api/tenancies?cid= (load)`,
        `${fmtLoad(lr!)} = ${ratio(lr!).toFixed(2)} x bare`,
        'no errors (no ratio target)',
        lr!.errors === 0,
      ),
      engine === 'pglite'
        ? check(
            `${e}: PATCH /api/tenancies (step save)`,
            `${fmtLoad(sr!)} = ${ratio(sr!).toFixed(2)} x bare`,
            '>= 0.25 x bare, p99 < 50 ms, no errors',
            ratio(sr!) >= 0.25 && sr!.p99 < 50 && sr!.errors === 0,
          )
        : check(
            `${e}: PATCH /api/tenancies (step save)`,
            `${fmtLoad(sr!)} = ${ratio(sr!).toFixed(2)} x bare`,
            'p99 < 50 ms, no errors',
            sr!.p99 < 50 && sr!.errors === 0,
          ),
      check(
        `${e}: server RSS idle / peak under load`,
        `${idle.toFixed(0)} MB / ${peak.toFixed(0)} MB`,
        '(reported)',
        null,
      ),
    );
    return rows;
  } finally {
    await server.stop();
    await pgdb?.close();
  }
}
