// The statements the product runs for one step save (PATCH /api/tenancies?cid=&step=tenant, the
// api bench's save) and one state poll (GET /api/application/state/{cid} of an application waiting
// for its decision), captured from the product's own code path: the real app in this process on
// a fresh database, every request that reaches the database client recorded at its lowest layer
// (PGlite: the thread client's requests; PostgreSQL: node-postgres Client.query). Prints them as
// JSON (bench/lib/statements.ts) for the bare client yardstick (bench/bareStatements.ts).
//   npx tsx bench/captureStatements.ts pglite|postgres
import pg from 'pg';
import { PgliteThread } from '../src/server/db/pgliteClient';
import type { Engine } from '../src/server/db/client';
import { hashCid } from '../src/server/services/cid';
import { securityFields } from '../src/server/testing/fixtures';
import { startTestServer } from '../src/server/testing/server';
import { completeApplicationForToday } from './lib/application';
import { applicationBody } from './lib/applications';
import type { Captured, Param, Statement } from './lib/statements';

const engine = process.argv[2] as Engine;

interface Raw {
  statement: Omit<Statement, 'params'> & { params: unknown[] };
  result?: Promise<{ rows: unknown[] }>;
}
let recording: Raw[] | undefined;

if (engine === 'pglite') {
  const request = PgliteThread.prototype.request;
  PgliteThread.prototype.request = function <T>(
    this: PgliteThread,
    req: Parameters<PgliteThread['request']>[0],
  ): Promise<T> {
    const result = request.call(this, req) as Promise<T>;
    if (recording && req.op !== 'close') {
      const r = req as { op: Statement['op']; sql?: string; params?: unknown[] } & Statement;
      recording.push({
        statement: {
          op: r.op,
          sql: r.sql,
          params: r.params ?? [],
          rowMode: r.rowMode,
          drizzleParsers: r.drizzleParsers,
        },
        result: result as Promise<{ rows: unknown[] }>,
      });
    }
    return result;
  };
} else {
  const query = pg.Client.prototype.query;
  // node-postgres: query(text, values?, cb?) or query({text, values, rowMode, name, types}, cb?).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (!recording) return (query as (...a: unknown[]) => unknown).apply(this, args);
    const a = args[0] as
      string | { text: string; values?: unknown[]; rowMode?: 'array'; name?: string };
    const config = typeof a === 'string' ? { text: a } : a;
    // pg-pool passes the values (drizzle's prepared statements among them) as the 2nd argument.
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : (config.values ?? []);
    let answered: (r: { rows: unknown[] }) => void = () => undefined;
    const raw: Raw = {
      statement: {
        op: 'query',
        sql: config.text,
        params: values,
        rowMode: config.rowMode ?? 'object',
        ...(config.name ? { name: config.name } : {}),
      },
      result: new Promise((ok) => (answered = ok)),
    };
    if (!/^\s*SET\b/i.test(config.text)) recording.push(raw);
    const cb = args[args.length - 1];
    if (typeof cb === 'function')
      args[args.length - 1] = (err: unknown, res: { rows: unknown[] }) => {
        if (res) answered(res);
        (cb as (e: unknown, r: unknown) => void)(err, res);
      };
    const out = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (out instanceof Promise) void out.then(answered, () => undefined);
    return out;
  } as typeof query;
}

/** The recorded statements of `call`, parameters given their roles for the replay. */
async function capture(
  call: () => Promise<string>,
  cid: string,
): Promise<{ statements: Statement[]; answer: string }> {
  recording = [];
  const started = Date.now();
  const answer = await call();
  const raws = recording;
  recording = undefined;
  const cidHash = hashCid(cid);
  // The application's id as the first statement read it (the save's later statements use it).
  const reader = raws.findIndex((r) => r.statement.params.includes(cidHash));
  const first = reader >= 0 ? ((await raws[reader]!.result)?.rows[0] as unknown) : undefined;
  const idOf = (v: unknown): Param | undefined => {
    if (!first || typeof v !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v)) return undefined;
    const row = first as Record<string | number, unknown>;
    const column = Object.keys(row).find((k) => row[k] === v);
    if (column === undefined) return undefined;
    return {
      role: 'id',
      from: { statement: reader, column: Array.isArray(row) ? Number(column) : column },
    };
  };
  const isNow = (v: unknown) =>
    (v instanceof Date || (typeof v === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(v))) &&
    Math.abs(new Date(v).getTime() - started) < 60_000;
  const answered = await Promise.all(raws.map((r) => r.result));
  const statements = raws.map(({ statement }, i) => ({
    ...statement,
    rows: answered[i]?.rows.length,
    params: statement.params.map((v): Param =>
      v === cidHash
        ? { role: 'cidHash' }
        : isNow(v)
          ? { role: 'now', as: v instanceof Date ? 'date' : 'iso' }
          : (idOf(v) ?? { value: v }),
    ),
  }));
  return { statements, answer };
}

const server = await startTestServer({
  engine,
  env: { CAPTCHA_MAX_NUMBER: '1000', BOT_MIN_FILL_SECONDS: '0' },
});
try {
  const send = async (method: string, path: string, body?: string) => {
    const r = await fetch(`${server.url}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body,
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path} -> ${r.status} ${text}`);
    return text;
  };
  // The api bench's application and save (bench/lib/applications.ts), its first save not recorded.
  const body = applicationBody();
  const { cid } = JSON.parse(await send('POST', '/api/tenancies?step=tenant', body)) as {
    cid: string;
  };
  await send('PATCH', `/api/tenancies?cid=${cid}&step=tenant`, body); // warm: statements prepared
  const save = await capture(
    () => send('PATCH', `/api/tenancies?cid=${cid}&step=tenant`, body),
    cid,
  );
  // A submitted application (no processing runs here: it stays "submitted", read as the polls
  // read an application waiting for its decision).
  const waiting = completeApplicationForToday();
  const submitted = JSON.parse(
    await send(
      'POST',
      '/api/tenancies?step=check',
      JSON.stringify({ ...waiting, ...(await securityFields(server.url)) }),
    ),
  ) as { cid: string };
  await send('GET', `/api/application/state/${submitted.cid}`);
  const state = await capture(
    () => send('GET', `/api/application/state/${submitted.cid}`),
    submitted.cid,
  );
  const out: Captured = { engine, save, state };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  await server.close();
}
