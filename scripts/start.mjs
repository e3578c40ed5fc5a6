// @ts-check
// `npm start` (ADR 1001): builds what changed since the last build, then runs the compiled server
// in this very process (one Node start fewer than a check process before the server's).
// The build itself, when one is needed, runs in a child process: Vite's and esbuild's memory
// (~300 MB at its peak) must not stay in the server's.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root, staleParts } from './buildInputs.mjs';

if (staleParts().length > 0) {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../dist/server/main.js');
