import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/childServer';
import { check, type Row } from './lib/report';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Builds the web app with the project's vite config into a temporary directory, with a manifest. */
export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'quality-bench-web-'));
  const { build } = await import('vite');
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    configFile: resolve(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
  });
  return outDir;
}

const gz = (dir: string, file: string) =>
  gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const i of m[key]?.imports ?? []) closure(m, i, seen);
  return seen;
}

function filesOf(m: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    const c = m[k];
    if (!c) continue;
    if (c.file.endsWith('.js')) js.add(c.file);
    for (const s of c.css ?? []) css.add(s);
  }
  return { js, css };
}

/**
 * JavaScript and CSS per route (gzip -9), from the Vite manifest: the entry with its static
 * imports, plus the lazy chunk of the route's step body (src/web/app/App.tsx) and its imports,
 * plus what the route's preloads name besides (vite.config.ts; e.g. the rule checks with large
 * tables on /tenant and /payment, ADR 0807).
 */
export function measureWeb(dir: string): Row[] {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(m).find((k) => m[k]!.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  const entry = closure(m, entryKey);
  const preloadFile = join(dir, '.vite/route-preloads.json');
  const preloads = existsSync(preloadFile)
    ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as Record<string, string[]>)
    : {};
  const routes: [string, string][] = [
    ['/start', 'steps/StartStep.tsx'],
    ['/uce', 'steps/UceStep.tsx'],
    ['/tenant', 'steps/TenantStep.tsx'],
    ['/landlord', 'steps/LandlordStep.tsx'],
    ['/object', 'steps/ObjectStep.tsx'],
    ['/payment', 'steps/PaymentStep.tsx'],
    ['/selling', 'steps/SellingStep.tsx'],
    ['/check', 'steps/CheckStep.tsx'],
    ['/error', 'pages/ErrorPage.tsx'],
    ['/callback/danke', 'pages/CallbackPage.tsx'],
  ];
  const rows: Row[] = [];
  for (const [route, key] of routes) {
    if (!m[key]) {
      rows.push(
        check(`web ${route}`, `no chunk ${key} in the manifest`, 'route chunk exists', false),
      );
      continue;
    }
    const keys = new Set([...entry, ...closure(m, key)]);
    const { js, css } = filesOf(m, keys);
    for (const f of preloads[route] ?? []) if (f.endsWith('.js')) js.add(f.replace(/^\//, ''));
    const jsGz = [...js].reduce((s, f) => s + gz(dir, f), 0);
    const cssGz = [...css].reduce((s, f) => s + gz(dir, f), 0);
    const first = route === '/start';
    rows.push(
      check(
        `web ${route} (gzip)`,
        `JS ${kb(jsGz)} KB in ${js.size} files, CSS ${kb(cssGz)} KB`,
        first ? 'JS <= 100 KB before the first step is usable' : '(reported)',
        first ? jsGz <= 100 * 1024 : null,
      ),
    );
  }
  const allJs = new Set<string>();
  const allCss = new Set<string>();
  for (const c of Object.values(m)) {
    if (c.file.endsWith('.js')) allJs.add(c.file);
    for (const s of c.css ?? []) allCss.add(s);
    if (c.file.endsWith('.css')) allCss.add(c.file);
  }
  const totalJs = [...allJs].reduce((s, f) => s + gz(dir, f), 0);
  const totalCss = [...allCss].reduce((s, f) => s + gz(dir, f), 0);
  rows.push(
    check(
      'web whole app (gzip)',
      `JS ${kb(totalJs)} KB in ${allJs.size} files + CSS ${kb(totalCss)} KB = ${kb(totalJs + totalCss)} KB`,
      '<= 250 KB (JS + CSS)',
      totalJs + totalCss <= 250 * 1024,
    ),
  );
  return rows;
}
