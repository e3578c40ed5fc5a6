import { CsvError, parse } from 'csv-parse/sync';

/** A CSV file that cannot be read as the expected table; the message names the line. */
export class CsvFormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Zeile ${line}: ${message}`);
  }
}

export interface CsvRow {
  /** Line of the file the record starts on (1 = the header line). */
  line: number;
  values: Record<string, string>;
}

/** What csv-parse's error codes mean, in the words an operator fixing the file needs. */
const csvErrorMessages: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH:
    'die Zeile hat nicht so viele Spalten wie die Kopfzeile (Trennzeichen falsch oder Spalte zu viel?)',
  CSV_RECORD_INCONSISTENT_COLUMNS:
    'die Zeile hat nicht so viele Spalten wie die Kopfzeile (Trennzeichen falsch oder Spalte zu viel?)',
  CSV_QUOTE_NOT_CLOSED:
    'ein Anführungszeichen wird bis zum Dateiende nicht geschlossen (in dieser oder einer früheren Zeile geöffnet)',
  CSV_INVALID_OPENING_QUOTE: 'ein Anführungszeichen steht mitten im Feld',
  INVALID_OPENING_QUOTE: 'ein Anführungszeichen steht mitten im Feld',
  CSV_INVALID_CLOSING_QUOTE: 'nach einem schließenden Anführungszeichen folgt kein Trennzeichen',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'nach einem schließenden Anführungszeichen folgt kein Trennzeichen',
};

/**
 * Reads a CSV table with csv-parse (RFC 4180: comma or semicolon, quotes doubled inside quotes,
 * CRLF or LF, UTF-8 with or without BOM). The delimiter is the one the header line uses. Strict:
 * every record must have the header's column count, the header must hold the required columns
 * and no unknown ones; any fault throws a CsvFormatError naming the line.
 */
export function parseCsv(
  text: string,
  columns: { required: readonly string[]; optional: readonly string[] },
): CsvRow[] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(src, {
      delimiter,
      info: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      throw new CsvFormatError(line, csvErrorMessages[err.code] ?? err.message);
    }
    throw err;
  }
  const [header, ...body] = records;
  if (!header) throw new CsvFormatError(1, 'die Datei ist leer, die Kopfzeile fehlt');
  const keys = header.record.map((h) => h.trim().toLowerCase());
  const known = new Set([...columns.required, ...columns.optional]);
  for (const k of keys) {
    if (!known.has(k)) {
      throw new CsvFormatError(
        1,
        `unbekannte Spalte „${k}“ in der Kopfzeile (erlaubt: ${[...known].join(', ')}; Trennzeichen Komma oder Semikolon)`,
      );
    }
  }
  for (const k of columns.required) {
    if (!keys.includes(k)) throw new CsvFormatError(1, `die Spalte „${k}“ fehlt in der Kopfzeile`);
  }
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) throw new CsvFormatError(1, `die Spalte „${duplicate}“ steht doppelt da`);
  return body.map(({ record, info }) => {
    // With info, csv-parse counts the lines read up to the record's end; a record spans one line
    // unless a quoted field holds line breaks.
    const breaks = record.reduce((n, f) => n + (f.match(/\r?\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - breaks,
      values: Object.fromEntries(keys.map((k, i) => [k, record[i] ?? ''])),
    };
  });
}
