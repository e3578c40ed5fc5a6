import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text a reader extracts from a PDF, via poppler's pdftotext (apt: poppler-utils). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    // pdftotext keeps the layout's line breaks; tests compare words, not lines.
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page on its own (pdftotext -f n -l n), whitespace folded like pdfText. */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    const info = (await run('pdfinfo', [file])).stdout;
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
    const texts: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const { stdout } = await run('pdftotext', [
        ...['-enc', 'UTF-8', '-f', String(page), '-l', String(page)],
        ...[file, '-'],
      ]);
      texts.push(stdout.replace(/\s+/g, ' '));
    }
    return texts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
