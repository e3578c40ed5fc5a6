import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { stepIds, steps } from './src/domain/flow/steps.ts';
import { tableRulePaths } from './src/domain/rules/tablePaths.ts';

/** Where the server finds the route preloads (a dot folder: @fastify/static does not serve it). */
export const routePreloadsFile = '.vite/route-preloads.json';

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * ADR 0602. (1) Per page route, the lazy chunk of its step body and the chunks it imports that the
 * entry does not already load, as `.vite/route-preloads.json`; the server names them in a `Link:
 * rel=modulepreload` header of the page, so the browser fetches them beside the entry instead of
 * after it has run. (2) Every text file of the build also as .br and .gz, made once here; the
 * server sends them with @fastify/static `preCompressed` (no compression work per request).
 */
function routePreloadsAndPrecompression(): Plugin {
  let outDir = '';
  return {
    name: 'route-preloads-and-precompression',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const i of byFile.get(file)?.imports ?? []) closure(i, seen);
        return seen;
      };
      const loaded = entry ? closure(entry.fileName) : new Set<string>();
      const preloads: Record<string, string[]> = {};
      // ADR 0807: the rule checks with large tables, loaded by src/web/rules.ts on the steps that
      // show such a field; named with those steps' chunks so they do not wait for the entry.
      // By the modules it holds: once another chunk imports a module of it statically (ObjectStep's
      // isBlockingExclusion), the bundler may give the chunk another facade.
      const tables = chunks.find((c) =>
        c.moduleIds.some((m) => m.endsWith('/domain/rules/tableRules.ts')),
      );
      if (!tables) this.warn('no chunk for domain/rules/tableRules.ts');
      const showsTableField = (id: (typeof stepIds)[number]) =>
        (tableRulePaths as readonly string[]).some((p) =>
          (steps[id].fields as readonly string[]).includes(p),
        );
      for (const id of stepIds) {
        // src/web/app/App.tsx: one lazy chunk per step body, steps/<Id>Step.tsx.
        const module = `/steps/${upperFirst(id)}Step.tsx`;
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) {
          this.warn(`no chunk for ${module}: ${steps[id].route} gets no preload`);
          continue;
        }
        const files = closure(chunk.fileName);
        if (tables && showsTableField(id)) closure(tables.fileName, files);
        preloads[steps[id].route] = [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
      // Before everything else: the entry and its imports (the HTML names them only later).
      preloads['@entry'] = entry ? [...loaded].map((f) => `/${f}`) : [];
      // A page with a cid loads the saved application first, through the lazy API client.
      const api = chunks.find((c) => c.facadeModuleId?.endsWith('/api/apiClient.ts'));
      preloads['@load'] = api
        ? [...closure(api.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`)
        : [];
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: JSON.stringify(preloads),
      });
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const p = join(dir, name);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|json|svg|txt|map)$/.test(file) || file.includes('/.vite/')) continue;
        const data = readFileSync(file);
        if (data.length < 512) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/** npm run dev: the API server listens on PORT (scripts/dev.ts), so the proxy goes there. */
const api = `http://127.0.0.1:${process.env.PORT || '3000'}`;

// The web app lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), routePreloadsAndPrecompression()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser since 2023 preloads modules itself; older Safari still runs the app, it only
    // fetches the entry's imports after the entry (ADR 1490: 0.2 KB of /start's 100 KB).
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/health': api,
      '/locales': api,
      '/onlineantrag-sidebar': api,
      '/tenancy_steps_reconfigured': api,
      '/tenancy_reservation_steps_reconfigured': api,
      '/ajax::tenancy_logic': api,
    },
  },
});
