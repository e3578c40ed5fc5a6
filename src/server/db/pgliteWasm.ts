import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PgliteWasm {
  pglite: WebAssembly.Module;
  initdb: WebAssembly.Module;
}

/** PGlite's two WebAssembly modules, compiled from the files beside the package (off-thread). */
export async function compilePgliteWasm(): Promise<PgliteWasm> {
  const dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pglite, initdb] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm'].map(async (f) =>
      WebAssembly.compile(await readFile(join(dir, f))),
    ),
  );
  return { pglite: pglite!, initdb: initdb! };
}
