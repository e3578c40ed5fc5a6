// @ts-check
// Builds what changed since the last build (ADR 1001), then exits: scripts/start.mjs runs it in a
// process of its own when scripts/buildInputs.mjs finds a part changed, so the build's memory never
// stays in the server's.
// - the web app (Vite);
// - the server: our TypeScript bundled by esbuild into dist/server, run by plain `node` (no tsx,
//   no TypeScript compiler at run time).
// `node scripts/build.mjs --force` rebuilds both.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { markBuilt, root, staleParts } from './buildInputs.mjs';

const force = process.argv.includes('--force');

/** How each part is built (scripts/buildInputs.mjs says which parts and from what). */
const builders = {
  async web() {
    const { build } = await import('vite');
    // vite.config.ts names its folders relative to the repository root.
    process.chdir(root);
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  },
  server: buildServer,
};

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
  // metrics from their folders (they run in the document thread only), pg-native is optional,
  // sharp loads its native libvips binding (@img/sharp-*) by platform at run time.
  const external = /^(node:|@electric-sql\/pglite|pdfkit|fontkit|linebreak|qrcode|pg-native|sharp)/;
  const packagesStay = {
    name: 'packages-stay',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        external.test(args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
  // pg asks whether it runs in a Cloudflare Worker as it loads: without `navigator` (Node 20) it
  // builds a `Response`, and that first touch of fetch's globals loads Node's whole fetch (undici)
  // at every start, for a check that is always false here (ADR 1335). Node only ever takes the
  // `navigator` branch before it.
  const pgOnNode = {
    name: 'pg-on-node',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => {
        const code = readFileSync(args.path, 'utf8');
        const probe = "typeof Response === 'function'";
        if (!code.includes(probe)) throw new Error(`${args.path}: pg changed its runtime check`);
        return { contents: code.replace(probe, 'false'), loader: 'js' };
      });
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
    minifyWhitespace: true,
    minifySyntax: true,
    // threads.ts finds the workers' bundles beside this one.
    // Bundled CommonJS packages call require() for Node's own modules: an ES module has none.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url); globalThis.__serverBundleUrl = import.meta.url;",
    },
    plugins: [packagesStay, pgOnNode, srcUrl],
    logLevel: 'warning',
  });
  asciiOnly(outdir);
}

/**
 * esbuild leaves non-ASCII characters in regular expressions (`/\s|€/`) and in the packages'
 * license comments as they are. V8 keeps every module's source for as long as the process runs,
 * and one such character turns a whole chunk into a two-byte string: the 2 MB server chunk took
 * 4 MB of the heap (ADR 1342). `\uXXXX` means the same character in a string, a regular expression,
 * a template, an identifier and a comment (String.raw is the one place it would not: the build
 * refuses a chunk that uses it beside such a character).
 */
function asciiOnly(outdir) {
  for (const name of readdirSync(outdir)) {
    if (!name.endsWith('.js')) continue;
    const file = join(outdir, name);
    const code = readFileSync(file, 'utf8');
    if (!/[\u0080-\uffff]/.test(code)) continue;
    if (code.includes('String.raw')) throw new Error(`${file}: String.raw beside non-ASCII`);
    const ascii = code.replace(/[\u0080-\uffff]/g, (c) => {
      const unit = c.charCodeAt(0);
      if (unit >= 0xd800 && unit <= 0xdfff) throw new Error(`${file}: a character beyond U+FFFF`);
      return `\\u${unit.toString(16).padStart(4, '0')}`;
    });
    writeFileSync(file, ascii);
  }
}

for (const part of staleParts(force)) {
  const started = Date.now();
  await builders[part.name]();
  markBuilt(part);
  process.stdout.write(`built ${part.name} in ${Date.now() - started} ms\n`);
}
