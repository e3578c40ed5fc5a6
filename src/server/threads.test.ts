import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// ADR 1496: a thread's own semi-space wins over the process's --max-semi-space-size (which V8
// would let win over resourceLimits), and later threads get the process's value back.
it('a worker started with semiSpaceMb gets its own young generation, later ones the process flag', () => {
  const main = fileURLToPath(new URL('./testing/fixtures/newSpaceMain.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', main], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  const sizes = JSON.parse(r.stdout.trim()) as { own: number; processDefault: number };
  // 2 x 4 MB is the most the process's flag allows.
  expect(sizes.processDefault).toBeLessThanOrEqual(8);
  expect(sizes.own).toBeGreaterThan(8);
}, 70_000);
