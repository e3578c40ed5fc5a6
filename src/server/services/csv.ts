import type { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
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

/** Longest record (all fields of one line, in characters): a 300,000-character name fails early. */
const maxRecordChars = 8192;

const parseOptions = (delimiter: string) => ({
  delimiter,
  info: true,
  skip_empty_lines: true,
  trim: true,
  bom: true,
  max_record_size: maxRecordChars,
});

/** The delimiter the header line uses: semicolon when it has more of them than commas. */
function delimiterOf(firstLine: string): string {
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function formatError(err: unknown): unknown {
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines ?? 0;
    if (err.code === 'CSV_MAX_RECORD_SIZE')
      return new CsvFormatError(
        line,
        `die Zeile ist länger als ${maxRecordChars} Zeichen (ein Feld zu lang oder ein Anführungszeichen nicht geschlossen)`,
      );
    return new CsvFormatError(line, csvErrorMessages[err.code] ?? err.message);
  }
  return err;
}

/** The header's keys, checked: the required columns there, no unknown ones, none twice. */
function headerKeys(
  header: string[] | undefined,
  columns: { required: readonly string[]; optional: readonly string[] },
): string[] {
  if (!header) throw new CsvFormatError(1, 'die Datei ist leer, die Kopfzeile fehlt');
  const keys = header.map((h) => h.trim().toLowerCase());
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
  return keys;
}

function rowOf(keys: string[], record: string[], info: { lines: number }): CsvRow {
  // With info, csv-parse counts the lines read up to the record's end; a record spans one line
  // unless a quoted field holds line breaks.
  const breaks = record.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return {
    line: info.lines - breaks,
    values: Object.fromEntries(keys.map((k, i) => [k, record[i] ?? ''])),
  };
}

type Parsed = { record: string[]; info: { lines: number } };

/**
 * Reads a CSV table with csv-parse (RFC 4180: comma or semicolon, quotes doubled inside quotes,
 * CRLF or LF, UTF-8 with or without BOM). The delimiter is the one the header line uses. Strict:
 * every record must have the header's column count, the header must hold the required columns
 * and no unknown ones, no record may exceed maxRecordChars; any fault throws a CsvFormatError
 * naming the line.
 */
export function parseCsv(
  text: string,
  columns: { required: readonly string[]; optional: readonly string[] },
): CsvRow[] {
  const src = text.replace(/^\uFEFF/, '');
  let records: Parsed[];
  try {
    records = parse(
      src,
      parseOptions(delimiterOf(src.split(/\r?\n/, 1)[0] ?? '')),
    ) as unknown as Parsed[];
  } catch (err) {
    throw formatError(err);
  }
  const [header, ...body] = records;
  const keys = headerKeys(header?.record, columns);
  return body.map(({ record, info }) => rowOf(keys, record, info));
}

/**
 * The same table read as a stream, record by record (ADR 1135): a file of any size needs the
 * memory of one record, not of the file. `open` gives the file from its start; it is called twice
 * (the first line for the delimiter, then the records).
 */
export async function* streamCsv(
  open: () => Readable,
  columns: { required: readonly string[]; optional: readonly string[] },
): AsyncGenerator<CsvRow> {
  let firstLine = '';
  for await (const chunk of open()) {
    firstLine += String(chunk);
    const end = firstLine.search(/\r?\n/);
    if (end >= 0 || firstLine.length > maxRecordChars) {
      firstLine = firstLine.slice(0, end >= 0 ? end : maxRecordChars);
      break;
    }
  }
  const parser = open().pipe(parseStream(parseOptions(delimiterOf(firstLine))));
  let keys: string[] | undefined;
  try {
    for await (const parsed of parser as AsyncIterable<Parsed>) {
      if (!keys) {
        keys = headerKeys(parsed.record, columns);
        continue;
      }
      yield rowOf(keys, parsed.record, parsed.info);
    }
  } catch (err) {
    throw formatError(err);
  }
  if (!keys) headerKeys(undefined, columns);
}

/**
 * One field of a CSV file we write (ADR 1135): a value a spreadsheet would run as a formula
 * (= + - @ tab CR at the start) gets a leading apostrophe, bidirectional controls are removed, and
 * the field is quoted when it holds the delimiter, a quote or a line break.
 */
export function csvCell(value: string, delimiter = ','): string {
  const plain = value.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
  const safe = /^[=+\-@\t\r]/.test(plain) ? `'${plain}` : plain;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
