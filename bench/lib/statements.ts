/**
 * The SQL statements one product request runs, as captured from the product's own code path
 * (bench/captureStatements.ts) and replayed by the bare client yardstick (bench/bareStatements.ts,
 * issue 30 "Hot path"). A parameter is either the captured value or a role filled per request:
 * the request's cid hash, the application id the request's first statement read, or "now".
 */
export type Param =
  | { value: unknown }
  | { role: 'cidHash' }
  | { role: 'id'; from: { statement: number; column: string | number } }
  | { role: 'now'; as: 'iso' | 'date' };

export interface Statement {
  /** PGlite: the thread request's op; PostgreSQL: always 'query'. */
  op: 'query' | 'exec' | 'begin' | 'end';
  sql?: string;
  params: Param[];
  rowMode?: 'array' | 'object';
  /** PGlite: drizzle's parsers (dates stay text), as the product's request asked. */
  drizzleParsers?: boolean;
  /** PostgreSQL: the prepared statement's name (drizzle's `.prepare(name)`), if any. */
  name?: string;
  /** Rows it answered the product: a replay answering another number fails (500, an error). */
  rows?: number;
}

export interface CapturedCall {
  statements: Statement[];
  /** The product's answer body to that request (the bare server sends the same bytes). */
  answer: string;
}

export interface Captured {
  engine: 'pglite' | 'postgres';
  save: CapturedCall;
  state: CapturedCall;
}

/** A captured statement's parameters for one request. */
export function paramsFor(
  statement: Statement,
  request: { cidHash: string; results: { rows: unknown[] }[] },
): unknown[] {
  return statement.params.map((p) => {
    if ('value' in p) return p.value;
    if (p.role === 'cidHash') return request.cidHash;
    if (p.role === 'now') return p.as === 'date' ? new Date() : new Date().toISOString();
    const row = request.results[p.from.statement]?.rows[0] as Record<string | number, unknown>;
    return row?.[p.from.column];
  });
}
