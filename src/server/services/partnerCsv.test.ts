import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PartnerImportError, parsePartnerCsv } from './partners';

const header = 'partner_code,partner_name,sub_partner_code,sub_partner_name,hide_partner_code';

describe('partner CSV: good files', () => {
  it.each([
    [
      'comma, LF',
      `${header}\nIMMO1,Beispiel GmbH,,,false\nIMMO1,Beispiel GmbH,B-1,Filiale,false\n`,
    ],
    [
      'semicolon, CRLF, BOM',
      `\uFEFF${header.replaceAll(',', ';')}\r\nIMMO1;Beispiel GmbH;;;false\r\nIMMO1;Beispiel GmbH;B-1;Filiale;false\r\n`,
    ],
    [
      'quoted fields with delimiter and doubled quote',
      `${header}\nIMMO1,"Beispiel, ""die Makler"" GmbH",,,\nIMMO1,x,B-1,"Filiale ""Mitte""",ja\n`,
    ],
    [
      'only the required columns, blank lines',
      `partner_code,partner_name\n\nIMMO1,Beispiel GmbH\n\n`,
    ],
  ])('%s', (_name, text) => {
    const rows = parsePartnerCsv(text);
    expect(rows[0]?.partnerCode).toBe('IMMO1');
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('reads values exactly', () => {
    expect(parsePartnerCsv(`${header}\nIMMO1,"A, ""B""",B-1,"Filiale ""Mitte""",ja\n`)).toEqual([
      {
        partnerCode: 'IMMO1',
        partnerName: 'A, "B"',
        subPartnerCode: 'B-1',
        subPartnerName: 'Filiale "Mitte"',
        hidePartnerCode: true,
      },
    ]);
  });
});

describe('partner CSV: bad files fail loudly with the line', () => {
  it.each([
    [
      'wrong delimiter (tab)',
      header.replaceAll(',', '\t') + '\nIMMO1\tX\t\t\tfalse\n',
      /^Zeile 1: unbekannte Spalte/,
    ],
    [
      'wrong delimiter (pipe)',
      header.replaceAll(',', '|') + '\nIMMO1|X||| false\n',
      /^Zeile 1: unbekannte Spalte/,
    ],
    [
      'rows with another delimiter than the header',
      `${header}\nIMMO1,X,,,false\nPORTAL;Y;;;false\n`,
      /^Zeile 3: die Zeile hat nicht so viele Spalten/,
    ],
    [
      'an extra column',
      `${header}\nIMMO1,X,,,false\nPORTAL,Y,,,false,extra\n`,
      /^Zeile 3: die Zeile hat nicht so viele Spalten/,
    ],
    [
      'a missing column',
      `${header}\nIMMO1,X,,\n`,
      /^Zeile 2: die Zeile hat nicht so viele Spalten/,
    ],
    [
      'a stray quote inside a field',
      `${header}\nIMMO1,X,,,false\nPORTAL,Bei"spiel,,,false\n`,
      /^Zeile 3: ein Anführungszeichen steht mitten im Feld/,
    ],
    [
      'text after a closing quote',
      `${header}\nIMMO1,"X"Y,,,false\n`,
      /^Zeile 2: nach einem schließenden Anführungszeichen/,
    ],
    [
      'a quote never closed',
      `${header}\nIMMO1,"X,,,false\nPORTAL,Y,,,false\n`,
      /^Zeile 3: ein Anführungszeichen wird bis zum Dateiende nicht geschlossen/,
    ],
    ['an empty file', '', /^Zeile 1: die Datei ist leer/],
    [
      'a required column missing in the header',
      'partner_code,sub_partner_code\nIMMO1,B\n',
      /^Zeile 1: die Spalte „partner_name“ fehlt/,
    ],
    [
      'an unknown column',
      `${header},commission\nIMMO1,X,,,false,5\n`,
      /^Zeile 1: unbekannte Spalte „commission“/,
    ],
    [
      'a duplicate column',
      'partner_code,partner_name,partner_name\nIMMO1,X,Y\n',
      /^Zeile 1: die Spalte „partner_name“ steht doppelt/,
    ],
    [
      'an invalid partner code',
      `${header}\nIMMO1,X,,,false\n\nIMMO 2,Y,,,false\n`,
      /^Zeile 4: partner_code fehlt oder ist ungültig/,
    ],
    ['a missing partner name', `${header}\nIMMO1,,,,false\n`, /^Zeile 2: partner_name fehlt/],
    [
      'an invalid sub-partner code',
      `${header}\nIMMO1,X,"B 1",,false\n`,
      /^Zeile 2: sub_partner_code ist ungültig/,
    ],
    [
      // A line break in a name is refused (ADR 1135); the record is named by its first line.
      'a quoted line break',
      `${header}\nIMMO1,X,,,false\nIMMO1,"Beispiel\nGmbH",,,false\nIMMO 2,Y,,,false\n`,
      /^Zeile 3: partner_name enthält Steuerzeichen/,
    ],
    ['an unreadable yes/no', `${header}\nIMMO1,X,,,vielleicht\n`, /^Zeile 2: hide_partner_code/],
  ])('%s', (_name, text, message) => {
    expect(() => parsePartnerCsv(text)).toThrow(PartnerImportError);
    expect(() => parsePartnerCsv(text)).toThrow(message);
  });
});

describe('npm run import:partners', () => {
  it('refuses a malformed file with the line number and exit code 1, touching no database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mk-partners-'));
    const file = join(dir, 'bad.csv');
    writeFileSync(file, `${header}\nIMMO1,X,,,false\nPORTAL,Y,,,false,extra\n`);
    const run = promisify(execFile)('npx', ['tsx', 'scripts/import-partners.ts', file], {
      env: { ...process.env, DATA_DIR: join(dir, 'data') },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Zeile 3: die Zeile hat nicht so viele Spalten'),
    });
  }, 30_000);
});
