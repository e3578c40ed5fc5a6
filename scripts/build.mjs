// @ts-check
// `npm start`'s first half (ADR 1001): builds only what changed, then exits; the server then runs
// as plain `node dist/server/main.js` (no tsx, no TypeScript compiler at run time).
// - the web app (Vite) when a file it is built from changed since the last build;
// - the server: our TypeScript bundled by esbuild into dist/server (packages stay in node_modules).
// A SHA-256 over each part's inputs, stored beside its output, decides. Plain JavaScript on
// purpose: it runs at every start, and loading tsx alone would cost more than the check.
// `node scripts/build.mjs --force` rebuilds both.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

/** Every file under the given paths (files or folders), sorted, as paths relative to the root. */
function files(paths) {
  const out = [];
  const walk = (p) => {
    const abs = join(root, p);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) for (const name of readdirSync(abs)) walk(join(p, name));
    else out.push(p);
  };
  for (const p of paths) walk(p);
  return out.sort();
}

function hashOf(paths) {
  const h = createHash('sha256');
  for (const f of files(paths)) {
    h.update(f);
    h.update('\0');
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

const shared = ['src/domain', 'package-lock.json', 'scripts/build.mjs', 'tsconfig.json'];
const parts = [
  {
    name: 'web',
    inputs: ['src/web', 'vite.config.ts', ...shared],
    stamp: 'dist/web/.vite/inputs.sha256',
    async build() {
      const { build } = await import('vite');
      // vite.config.ts names its folders relative to the repository root.
      process.chdir(root);
      await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
    },
  },
  {
    name: 'server',
    inputs: ['src/server', ...shared],
    stamp: 'dist/server/inputs.sha256',
    build: buildServer,
  },
];

/**
 * One bundle per entry (the server and the PGlite thread) in dist/server. `import.meta.url` in our
 * own modules is rewritten to the source file's location, so every `new URL('../../content/...',
 * import.meta.url)` keeps pointing where it did (content/, the migrations folder, ...).
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  const outdir = join(root, 'dist/server');
  // Chunk names carry hashes: old ones would pile up beside the new.
  rmSync(outdir, { recursive: true, force: true });
  const srcUrl = {
    name: 'source-file-urls',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        let code = readFileSync(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)/.test(code))
          throw new Error(`${args.path}: use import.meta.url (the build rewrites only that)`);
        const rel = relative(outdir, args.path).split('\\').join('/');
        code = code.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(rel)}, import.meta.url).href`,
        );
        return { contents: code, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
  // Packages are bundled too: loading ~100 packages file by file (resolve, stat, read, compile)
  // cost more of the start than our own code (CPU to the first /health 200 on PostgreSQL fell from
  // 1.6-1.9 s to 1.1-1.5 s). These stay in node_modules and load from there at run time: PGlite
  // finds its WebAssembly and data files beside itself, the PDF libraries read their font
  // metrics from their folders (they run in the document thread only), pg-native is optional.
  const external = /^(node:|@electric-sql\/pglite|pdfkit|fontkit|linebreak|qrcode|pg-native)/;
  const packagesStay = {
    name: 'packages-stay',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        external.test(args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      pgliteWorker: 'src/server/db/pgliteWorker.ts',
      renderWorker: 'src/server/documents/renderWorker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // main.js loads serve.ts and the packages behind it as a chunk of its own while the database
    // opens (src/server/main.ts); code shared by the entries goes to chunks beside them.
    splitting: true,
    target: 'node20',
    // threads.ts finds the workers' bundles beside this one.
    // Bundled CommonJS packages call require() for Node's own modules: an ES module has none.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url); globalThis.__serverBundleUrl = import.meta.url;",
    },
    plugins: [packagesStay, srcUrl],
    logLevel: 'warning',
  });
}

for (const part of parts) {
  const stampFile = join(root, part.stamp);
  const hash = hashOf(part.inputs);
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) continue;
  const started = Date.now();
  await part.build();
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, hash);
  process.stdout.write(`built ${part.name} in ${Date.now() - started} ms\n`);
}
