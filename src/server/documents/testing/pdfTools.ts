import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool (apt: poppler-utils) on the PDF; answers stdout even on a non-zero exit. */
export async function poppler(tool: 'pdfinfo' | 'pdfsig', pdf: Uint8Array, args: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), `${tool}-`));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    try {
      return (await run(tool, [...args, file])).stdout;
    } catch (err) {
      // pdfsig exits non-zero for a broken signature; its report is what the test reads.
      return String((err as { stdout?: string }).stdout ?? '');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
