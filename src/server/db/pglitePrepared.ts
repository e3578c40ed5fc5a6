import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * Named prepared statements for the PGlite thread (ADR 1009). PGlite's `query()` parses, plans and
 * describes every statement again and crosses into WebAssembly six times for it (Parse, Describe,
 * Bind, Describe, Execute, Sync); a step save spent ~0.8 ms there. Here a statement is parsed once
 * under a name, and each run is one crossing: Bind, Describe, Execute, Sync. The answer is parsed
 * by PGlite's own `parseResults` with the same parsers and serializers, so callers see no change.
 *
 * Only plain DML and SELECT are kept. Anything else runs as before, and a statement or script that
 * may change tables forgets every kept statement (a table whose columns changed must not be read
 * through an old plan). The caller holds PGlite's query lock (and, outside a transaction, its
 * transaction lock).
 */
export class PreparedStatements {
  private readonly byText = new Map<string, { name: string; paramTypes: number[] }>();
  /** Forgotten statements, closed in PGlite with the next run (names are never reused). */
  private readonly unused: string[] = [];
  private count = 0;
  /**
   * PGlite's parsers with a caller's own on top, merged once per caller's set. PGlite's
   * parseResults spreads both into a new object on every call, and PGlite's own set holds a parser
   * for every array type (hundreds): ~100 µs a statement, a tenth of the thread's time under saves.
   */
  private merged = new WeakMap<object, PGlite['parsers']>();

  constructor(
    private readonly pg: PGlite,
    /** At most this many statements are kept; the oldest is closed to make room. */
    private readonly max = 200,
  ) {}

  static keeps(sql: string): boolean {
    return /^\s*(select|insert|update|delete|with)\b/i.test(sql);
  }

  /** DDL anywhere in a statement or script (a false alarm only costs preparing again). */
  static mayChangeTables(sql: string): boolean {
    return /\b(create|alter|drop|truncate|rename|comment|grant|revoke)\b/i.test(sql);
  }

  private drop(sql: string): void {
    const kept = this.byText.get(sql);
    if (kept) this.unused.push(kept.name);
    this.byText.delete(sql);
  }

  forget(): void {
    for (const { name } of this.byText.values()) this.unused.push(name);
    this.byText.clear();
    // DDL may add types (and PGlite their array parsers): merge again.
    this.merged = new WeakMap();
  }

  private parsersWith(own: NonNullable<QueryOptions['parsers']>): PGlite['parsers'] {
    let merged = this.merged.get(own);
    if (!merged) this.merged.set(own, (merged = { ...this.pg.parsers, ...own }));
    return merged;
  }

  async run(sql: string, params: unknown[], options: QueryOptions): Promise<Results> {
    try {
      return await this.runKept(sql, params, options);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      // A plan kept from before a table changed its columns (DDL outside forget()'s sight):
      // PostgreSQL refuses it; outside a transaction block the statement is prepared again.
      const stale = e.code === '0A000' && /cached plan/.test(e.message ?? '');
      if (stale) this.drop(sql);
      if (stale && !this.pg.isInTransaction()) return this.runKept(sql, params, options);
      // As PGlite's query() does: the error names its statement.
      throw Object.assign(err as object, { query: sql, params, queryOptions: options });
    }
  }

  private async runKept(sql: string, params: unknown[], options: QueryOptions): Promise<Results> {
    const statement = this.byText.get(sql) ?? (await this.prepare(sql, options));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options.serializers?.[type] ?? this.pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.send(
      ...this.unused.splice(0).map((name) => serialize.close({ type: 'S', name })),
      serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    if (!options.parsers) return parse.parseResults(messages, this.pg.parsers, options)[0]!;
    const merged = this.parsersWith(options.parsers);
    return parse.parseResults(messages, merged, { ...options, parsers: undefined })[0]!;
  }

  private async prepare(sql: string, options: QueryOptions) {
    // The oldest kept statement makes room; it is closed with the next run.
    if (this.byText.size >= this.max) this.drop(this.byText.keys().next().value!);
    const name = `kept_${++this.count}`;
    const described = await this.send(
      serialize.parse({ name, text: sql, types: options.paramTypes ?? [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const paramTypes = parse.parseDescribeStatementResults(described);
    const statement = { name, paramTypes };
    this.byText.set(sql, statement);
    return statement;
  }

  private async send(...messages: Uint8Array[]) {
    const length = messages.reduce((n, m) => n + m.length, 0);
    const buffer = new Uint8Array(length);
    let at = 0;
    for (const m of messages) {
      buffer.set(m, at);
      at += m.length;
    }
    // Every message reaches PGlite in one call; an error still ends with the Sync's ReadyForQuery.
    return this.pg.execProtocolStream(buffer, { syncToFs: false });
  }
}
