import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { securityFields } from '../src/server/testing/fixtures';
import { completeApplicationForToday } from './lib/application';
import { repoRoot, startCompiledServer } from './lib/childServer';
import { repeats, spread } from './lib/stats';
import { check, type Row } from './lib/report';

const run = promisify(execFile);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

async function post(url: string, body: unknown): Promise<{ cid: string; errors: object }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { cid: string; errors: object };
}

/** Lighthouse 12 (mobile defaults: simulated slow 4G and a 4x slower CPU) on one URL. */
async function audit(url: string, outDir: string, name: string) {
  const out = join(outDir, `${name}.json`);
  await run(
    join(repoRoot, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=${FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 120_000 },
  );
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  // The audits that explain a low score, with Lighthouse's own estimate.
  const why = [
    'uses-text-compression',
    'cumulative-layout-shift',
    'total-blocking-time',
    'unused-javascript',
    'render-blocking-resources',
  ]
    .map((id) => ({
      id,
      a: lhr.audits[id] as { score: number | null; displayValue?: string } | undefined,
    }))
    .filter(({ a }) => a && a.score !== null && a.score < 0.9)
    .map(({ id, a }) => `${id}${a!.displayValue ? ` (${a!.displayValue})` : ''}`);
  const a11yFails = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((r: { id: string }) => ({ id: r.id, a: lhr.audits[r.id] }))
    .filter(({ a }: { a: { score: number | null } }) => a && a.score !== null && a.score < 1)
    .map(({ id }: { id: string }) => id);
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    notes: [...a11yFails, ...why],
  };
}

/**
 * /start, /tenant and /check of a real server (PGlite) serving the bench's own build; the tenant
 * and check pages with a cid of an application saved up to the step before.
 */
export async function benchLighthouse(webDistDir: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quality-bench-lh-'));
  const server = await startCompiledServer(
    {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'warn',
      SERVER_SECRET: 'bench-secret-0123456789abcdef',
      BOT_MIN_FILL_SECONDS: '0',
      CAPTCHA_MAX_NUMBER: '1000',
    },
    { keepOutput: false, discardStdout: true },
  );
  const outDir = mkdtempSync(join(tmpdir(), 'quality-bench-lhr-'));
  const rows: Row[] = [];
  try {
    const app = completeApplicationForToday();
    const started = await post(`${server.url}/api/tenancies?step=start`, app);
    const full = await post(`${server.url}/api/tenancies?step=selling`, {
      ...app,
      ...(await securityFields(server.url)),
    });
    if (Object.keys(full.errors).length) throw new Error(`setup: ${JSON.stringify(full.errors)}`);
    const pages: [string, string][] = [
      ['/start', '/start'],
      ['/tenant', `/tenant?cid=${started.cid}`],
      ['/check', `/check?cid=${full.cid}`],
    ];
    // Lighthouse varies from run to run: every page `repeats` times (pages interleaved), medians.
    const runs = new Map<string, Awaited<ReturnType<typeof audit>>[]>();
    const failed = new Map<string, string>();
    const retried = new Map<string, number>();
    for (let round = 0; round < repeats; round++) {
      for (const [name, path] of pages) {
        // Lighthouse's own trace recording sometimes fails ("NO_NAVSTART ... Please run
        // Lighthouse again"; sessions 30 and 31, a different page each time): that run is made
        // again, at most twice, and the row says so. Any other failure fails the row.
        for (let attempt = 0; ; attempt++) {
          try {
            const r = await audit(`${server.url}${path}`, outDir, `${name.slice(1)}-${round}`);
            runs.set(name, [...(runs.get(name) ?? []), r]);
            break;
          } catch (err) {
            const msg = ((err as { stderr?: string }).stderr || (err as Error).message).trim();
            if (/NO_NAVSTART/.test(msg) && attempt < 2) {
              retried.set(name, (retried.get(name) ?? 0) + 1);
              continue;
            }
            failed.set(name, msg.slice(0, 200));
            break;
          }
        }
      }
    }
    for (const [name] of pages) {
      const rs = runs.get(name) ?? [];
      if (failed.has(name) || rs.length === 0) {
        rows.push(check(`Lighthouse mobile ${name}`, `failed: ${failed.get(name)}`, 'runs', false));
        continue;
      }
      const med = (f: (r: (typeof rs)[number]) => number) => spread(rs.map(f)).median;
      const perf = med((r) => r.perf);
      const a11y = med((r) => r.a11y);
      const bp = med((r) => r.bp);
      const notes = [...new Set(rs.flatMap((r) => r.notes))];
      const again = retried.get(name)
        ? `; ${retried.get(name)} run(s) made again after Lighthouse's NO_NAVSTART`
        : '';
      rows.push(
        check(
          `Lighthouse mobile ${name}, median of ${rs.length}`,
          `performance ${perf} (${rs.map((r) => r.perf).join('/')}), accessibility ${a11y}, best practices ${bp} (LCP ${med((r) => r.lcp)} ms, TBT ${med((r) => r.tbt)} ms)${again}${notes.length ? `; why: ${notes.join(', ')}` : ''}`,
          'performance >= 95, accessibility 100, best practices >= 95',
          perf >= 95 && a11y === 100 && bp >= 95,
        ),
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}
