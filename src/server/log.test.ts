import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedOutput } from './log';

describe('standard output in batches (BatchedOutput)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-batches-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const lines = Array.from({ length: 3000 }, (_, i) => `{"n":${i},"msg":"zeile ${i} äöü"}\n`);

  it('writes every line once, in order, through batches, flush(done) and flushSync', async () => {
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedOutput(fd, 4096);
    for (const line of lines.slice(0, 2000)) out.write(line);
    await new Promise<void>((done) => out.flush(done));
    expect(readFileSync(file, 'utf8')).toBe(lines.slice(0, 2000).join(''));
    // Fewer than 4 KB: they wait for the next flush, here the synchronous one at exit.
    for (const line of lines.slice(2000, 2050)) out.write(line);
    expect(readFileSync(file, 'utf8')).toBe(lines.slice(0, 2000).join(''));
    out.flushSync();
    expect(readFileSync(file, 'utf8')).toBe(lines.slice(0, 2050).join(''));
    for (const line of lines.slice(2050)) out.write(line);
    out.flushSync();
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it("a server logger's last lines reach standard output when the process exits", () => {
    const script = `
      import { createLogger } from './src/server/log.ts';
      const log = createLogger('info');
      for (let i = 0; i < 500; i++) log.info({ n: i }, 'line');
      process.exit(0);
    `;
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    const got = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).n as number);
    expect(got).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});
