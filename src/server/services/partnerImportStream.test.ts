import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import {
  maxPartnerNameLength,
  PartnerImportError,
  parsePartnerCsv,
  streamPartnerCsv,
} from './partners';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../../..');
const header = 'partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code';

/** Issue 28 item 8 (ADR 1135): what the partner import stored and how much memory it needed. */
describe('partner CSV: names that are too long or carry control, bidi or formula characters', () => {
  it.each([
    [
      'a 300,000-character name',
      `IMMO1,${'x'.repeat(300_000)},,,false`,
      /^Zeile 2: die Zeile ist länger als 8192 Zeichen/,
    ],
    [
      'a name over 200 characters',
      `IMMO1,${'x'.repeat(maxPartnerNameLength + 1)},,,false`,
      /^Zeile 2: partner_name ist länger als 200 Zeichen/,
    ],
    [
      'a right-to-left override',
      'IMMO1,Immo\u202Egpj.exe,,,false',
      /^Zeile 2: partner_name enthält Steuerzeichen für die Schreibrichtung/,
    ],
    ['a bidi isolate', 'IMMO1,Immo\u2067x\u2069,,,false', /Schreibrichtung/],
    [
      'a right-to-left mark in the sub-partner',
      'IMMO1,Immo,B-1,Filiale\u200F,false',
      /^Zeile 2: sub_partner_name enthält Steuerzeichen für die Schreibrichtung/,
    ],
    [
      'a formula =',
      'IMMO1,"=HYPERLINK(""http://x"")",,,false',
      /^Zeile 2: partner_name beginnt mit =/,
    ],
    ['a formula +', 'IMMO1,+49 Immo,,,false', /beginnt mit/],
    ['a formula -', 'IMMO1,-1+2,,,false', /beginnt mit/],
    ['a formula @', 'IMMO1,@SUM(A1),,,false', /beginnt mit/],
    [
      'a sub-partner formula',
      'IMMO1,Immo,B-1,=1+1,false',
      /^Zeile 2: sub_partner_name beginnt mit/,
    ],
    [
      'a carriage return inside quotes',
      'IMMO1,"Immo\rGmbH",,,false',
      /^Zeile 2: partner_name enthält Steuerzeichen/,
    ],
    ['a NUL', 'IMMO1,Immo\u0000,,,false', /Steuerzeichen/],
  ])('%s is refused with its line', async (_name, line, message) => {
    const text = `${header}\n${line}\n`;
    expect(() => parsePartnerCsv(text)).toThrow(message);
    // The stream reads the same table the same way.
    const stream = streamPartnerCsv(() => Readable.from([text]));
    await expect(
      (async () => {
        for await (const _row of stream);
      })(),
    ).rejects.toThrow(PartnerImportError);
  });

  it('ordinary names with umlauts, accents, dashes and an ampersand inside are taken', () => {
    const rows = parsePartnerCsv(
      `${header}\nIMMO1,Müller & Söhne – Immobilien GmbH,B-1,Filiale Köln-Süd (2),false\n`,
    );
    expect(rows[0]).toMatchObject({ partnerName: 'Müller & Söhne – Immobilien GmbH' });
  });
});

describe('npm run import:partners streams a 64 MB file', () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    dir = mkdtempSync(join(tmpdir(), 'mk-partners-big-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** 64 MB of valid rows: 1,000 partners with sub-partners whose names are 190 characters. */
  async function bigFile(bad?: string): Promise<{ file: string; rows: number }> {
    const file = join(dir, bad ? 'bad.csv' : 'big.csv');
    const out = createWriteStream(file);
    out.write(`${header}\n`);
    let rows = 0;
    const name = 'Filiale '.padEnd(190, 'x');
    while (out.bytesWritten + out.writableLength < 64 * 1024 * 1024) {
      const p = `P${rows % 1000}`;
      if (!out.write(`${p},Partner ${p},S${rows},${name},false\n`))
        await new Promise<void>((r) => out.once('drain', () => r()));
      rows++;
    }
    if (bad) out.write(`${bad}\n`);
    await new Promise<void>((r) => out.end(() => r()));
    return { file, rows };
  }

  const importFile = (file: string) =>
    run(
      '/usr/bin/time',
      ['-f', 'maxrss=%M', process.execPath, '--import', 'tsx', 'scripts/import-partners.ts', file],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: db.url!, LOG_LEVEL: 'silent' },
        maxBuffer: 1 << 20,
      },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
  const maxRssMb = (stderr: string) => Number(/maxrss=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;

  it('imports every row with a bounded memory; a bad last line imports nothing', async () => {
    const { file, rows } = await bigFile();
    expect(statSync(file).size).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    const ok = await importFile(file);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`1000 Partner und ${rows} Unterpartner importiert (postgres)`);
    const rss = maxRssMb(ok.stderr);
    console.log(`import of ${rows} rows (64 MB): max RSS ${rss.toFixed(0)} MB`);
    expect(rss).toBeLessThan(400);
    const counted = await db.executeSql('SELECT count(*)::int AS n FROM sub_partners');
    expect(counted.rows[0]!.n).toBe(rows);

    await db.executeSql('DELETE FROM sub_partners');
    await db.executeSql('DELETE FROM partners');
    const bad = await bigFile(`BAD,${'y'.repeat(300_000)},,,false`);
    const refused = await importFile(bad.file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Zeile ${bad.rows + 2}: die Zeile ist länger als 8192 Zeichen`,
    );
    expect(refused.stderr).toContain('Nichts importiert.');
    expect(maxRssMb(refused.stderr)).toBeLessThan(400);
    const none = await db.executeSql('SELECT count(*)::int AS n FROM partners');
    expect(none.rows[0]!.n).toBe(0);
  }, 600_000);

  it('npm run export:partners writes formula names as text and drops bidi controls', async () => {
    await db.executeSql('DELETE FROM sub_partners');
    await db.executeSql('DELETE FROM partners');
    // As an import before this check could store them.
    await db.executeSql(
      `INSERT INTO partners (code, name, settings) VALUES
         ('EVIL', '=HYPERLINK("http://x.example","Klick")', '{"hidePartnerCode": true}'),
         ('PLAIN', 'Müller & Söhne, Immobilien', '{}')`,
    );
    await db.executeSql(
      `INSERT INTO sub_partners (partner_code, code, name) VALUES
         ('EVIL', 'S1', '@SUM(A1)'), ('EVIL', 'S2', E'Filiale\u202Egpj.exe'), ('PLAIN', 'S3', '-2+3')`,
    );
    const out = await run(process.execPath, ['--import', 'tsx', 'scripts/export-partners.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: db.url!, LOG_LEVEL: 'silent' },
    });
    expect(out.stdout.split('\n')).toEqual([
      header,
      `EVIL,"'=HYPERLINK(""http://x.example"",""Klick"")",S1,'@SUM(A1),true`,
      `EVIL,"'=HYPERLINK(""http://x.example"",""Klick"")",S2,Filialegpj.exe,true`,
      'PLAIN,"Müller & Söhne, Immobilien",S3,\'-2+3,false',
      '',
    ]);
    // What it wrote, the import reads again (the apostrophe keeps the value text).
    expect(parsePartnerCsv(out.stdout).map((r) => r.subPartnerName)).toEqual([
      "'@SUM(A1)",
      'Filialegpj.exe',
      "'-2+3",
    ]);
  }, 60_000);
});
