import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config';
import { unpostedLetters } from '../../src/server/staff/cases';
import { letterBatchPdf } from '../../src/server/staff/letterBatch';
import { startHarness } from '../../src/server/processing/testing/harness';
import { testSealEnv } from '../../src/server/testing/seal';
import { check, type Row } from '../lib/report';
import { fmt, repeats, spread } from '../lib/stats';
import { benchEngines, envInt, watch, type Watched } from './common';
import { idOf, RUN_AT, seedContracts } from '../../src/server/money/testing/seedContracts';

/**
 * Issue 30: the back office's letter batch of BENCH_LETTERS (500) letters to landlords, as
 * GET /api/staff/letters.pdf makes it: the unposted letters read, then one tagged PDF rendered
 * (one in five a release-code letter with its QR code). Fonts are parsed once per thread
 * (src/server/documents/parsedFonts.ts), so the first batch of a process pays that once.
 */
export async function benchLetters(): Promise<Row[]> {
  const n = envInt('BENCH_LETTERS', 500);
  const rows: Row[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'mk-bench-letters-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SERVER_SECRET: 'bench-secret-0123456789abcdef',
    PUBLIC_URL: 'https://antrag.example',
    ...testSealEnv,
  });
  try {
    for (const engine of benchEngines()) {
      const runs: Watched<{ bytes: number; pages: number }>[] = [];
      for (let round = 0; round < repeats; round++) {
        const h = await startHarness(engine, { start: false });
        try {
          await seedContracts(h.db, n);
          await h.db.executeSql(
            `INSERT INTO contract_letters (application_id, recipient, kind, created_at)
             SELECT ${idOf('g')}, 'landlord',
                    (ARRAY['release_code','cancelled','released','withdrawn','cancellation_requested'])[1 + g % 5],
                    timestamptz '2026-03-10 08:00+00' + g * interval '1 second'
               FROM generate_series(1, $1::int) g`,
            [n],
          );
          const w = await watch(async () => {
            const letters = (await unpostedLetters(h.db, RUN_AT, undefined, n)).items;
            const pdf = await letterBatchPdf(letters, config.operator, config, RUN_AT);
            return { bytes: pdf.length, pages: letters.length };
          });
          if (w.result.pages !== n) throw new Error(`letters: ${w.result.pages} of ${n}`);
          runs.push(w);
          console.log(
            `  letters ${engine} round ${round + 1}: ${w.seconds.toFixed(1)} s, loop ${w.maxBlockMs.toFixed(0)} ms, ${(w.result.bytes / 2 ** 20).toFixed(1)} MB PDF, load ${w.load}`,
          );
        } finally {
          await h.close();
        }
      }
      const loads = runs.map((r) => r.load).join('/');
      const seconds = spread(runs.map((r) => r.seconds));
      rows.push(
        check(
          `letter batch, ${n} letters in one PDF, ${engine}`,
          `${fmt(seconds, 1, ' s')}, load ${loads}`,
          '≤ 60 s',
          seconds.median <= 60,
        ),
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
