import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { securityFields } from '../src/server/testing/fixtures';
import { createTestDatabase } from '../src/server/testing/database';
import { completeApplicationForToday } from './lib/application';
import { startProductServer, type ChildServer } from './lib/childServer';

// npm run load:two-instances: two server processes on one fresh PostgreSQL database, LOAD_APPS
// (default 1000) complete applications driven concurrently, every step alternating between the
// instances; then every application must be decided exactly once and nothing may be lost.
const APPS = Number(process.env.LOAD_APPS ?? 1000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 16);
const DECIDE_TIMEOUT_MS = Number(process.env.LOAD_DECIDE_TIMEOUT_MS ?? 600_000);
const finalStates = new Set(['accepted', 'declined', 'pending']);

/** Test personas (DECISIONS.md): every 10th declined, every 25th pending, the rest accepted. */
const personaOf = (i: number) =>
  i % 10 === 3 ? 'Abgelehnt' : i % 25 === 7 ? 'Pruefung' : 'Mustermann';
const expectedOutcome = (last: string) =>
  last === 'Abgelehnt' ? 'declined' : last === 'Pruefung' ? 'pending' : 'accepted';

async function send(base: string, method: string, path: string, body: unknown) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { cid?: string; errors?: object; state?: string };
  if (r.status !== 200 || Object.keys(json.errors ?? {}).length)
    throw new Error(
      `${method} ${path.split('?')[0]} -> ${r.status} ${JSON.stringify(json).slice(0, 300)}`,
    );
  return json;
}

/** One tenant's whole application; the steps go to alternating instances. */
async function apply(i: number, servers: ChildServer[]): Promise<{ cid: string; last: string }> {
  const at = (k: number) => servers[(i + k) % servers.length]!.url;
  const app = completeApplicationForToday();
  const last = personaOf(i);
  (app.tenant as Record<string, unknown>).name = last;
  (app.tenant as Record<string, unknown>).email = `load${i}@example.org`;
  (app.tenant as Record<string, unknown>).emailConfirmation = `load${i}@example.org`;
  const { cid } = await send(at(0), 'POST', '/api/tenancies?step=start', app);
  const q = (step: string) => `/api/tenancies?cid=${cid}&step=${step}`;
  for (const [k, step] of ['tenant', 'landlord', 'object'].entries())
    await send(at(k + 1), 'PATCH', q(step), app);
  // The captcha is issued by one instance and verified by the other (shared secret and store).
  await send(at(4), 'PATCH', q('payment'), { ...app, ...(await securityFields(at(5))) });
  await send(at(5), 'PATCH', q('selling'), app);
  const final = await send(at(6), 'PATCH', q('check'), app);
  if (final.state !== 'submitted')
    throw new Error(`final save of #${i} answered ${JSON.stringify(final)}`);
  return { cid: cid!, last };
}

const db = await createTestDatabase('postgres', { migrate: false });
const env = {
  DATABASE_URL: db.url!,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_WRITES: '1000000000',
  SERVER_SECRET: 'load-secret-0123456789abcdef',
  CAPTCHA_MAX_NUMBER: '1000',
  BOT_MIN_FILL_SECONDS: '0',
  SEED_EXAMPLES: 'false',
};
const servers: ChildServer[] = [];
const started = Date.now();
let failed = false;
try {
  // One after the other: the first runs the migrations, the second finds them done.
  for (let n = 0; n < 2; n++)
    servers.push(
      await startProductServer(
        { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `mk-load-${n}-`)) },
        { keepOutput: false },
      ),
    );
  console.log(
    `two instances on one PostgreSQL: ${servers.map((s) => s.url).join(', ')}; ${APPS} applications, ${CONCURRENCY} at a time`,
  );

  const done: { cid: string; last: string }[] = [];
  const errors: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < APPS) {
        const i = next++;
        try {
          done.push(await apply(i, servers));
        } catch (err) {
          errors.push(`#${i}: ${(err as Error).message}`);
        }
        if (done.length % 100 === 0 && done.length)
          process.stdout.write(`  ${done.length} submitted\r`);
      }
    }),
  );
  const submittedS = (Date.now() - started) / 1000;
  console.log(
    `${done.length}/${APPS} applications submitted in ${submittedS.toFixed(0)} s (${(done.length / submittedS).toFixed(1)}/s), ${errors.length} refused`,
  );
  for (const e of errors.slice(0, 5)) console.log(`  ${e}`);

  // Wait until every application has a final state (polled on alternating instances).
  const deadline = Date.now() + DECIDE_TIMEOUT_MS;
  const states = new Map<string, string>();
  while (Date.now() < deadline) {
    const open = done.filter((d) => !finalStates.has(states.get(d.cid) ?? ''));
    if (open.length === 0) break;
    for (const [k, d] of open.entries()) {
      const r = await fetch(`${servers[k % 2]!.url}/api/application/state/${d.cid}`);
      states.set(d.cid, ((await r.json()) as { state: string }).state);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const decidedS = (Date.now() - started) / 1000;

  const wrong = done.filter((d) => states.get(d.cid) !== expectedOutcome(d.last));
  const rows = await db.executeSql(
    `SELECT count(*)::int AS apps,
            count(*) FILTER (WHERE order_state IN ('accepted','declined','pending'))::int AS final,
            (SELECT count(*)::int FROM decisions) AS decisions,
            (SELECT count(*)::int FROM (SELECT application_id FROM decisions GROUP BY application_id, kind HAVING count(*) > 1) x) AS twice,
            (SELECT count(DISTINCT number)::int FROM decisions) AS numbers
       FROM applications WHERE submitted_at IS NOT NULL`,
  );
  const f = rows.rows[0] as Record<string, number>;
  console.log(
    `decided after ${decidedS.toFixed(0)} s: submitted applications ${f.apps}, in a final state ${f.final}, decision rows ${f.decisions}, ` +
      `decided twice ${f.twice}, distinct contract numbers ${f.numbers}; outcome differing from the persona: ${wrong.length}`,
  );
  const ok =
    errors.length === 0 &&
    done.length === APPS &&
    f.apps === APPS &&
    f.final === APPS &&
    f.decisions === APPS &&
    f.twice === 0 &&
    f.numbers === APPS &&
    wrong.length === 0;
  console.log(
    ok
      ? 'PASS  every application decided exactly once, nothing lost'
      : 'FAIL  see the figures above',
  );
  for (const w of wrong.slice(0, 5))
    console.log(`  ${w.cid.slice(0, 6)}… ${w.last}: ${states.get(w.cid)}`);
  failed = !ok;
} finally {
  for (const s of servers) await s.stop();
  await db.close();
}
process.exit(failed ? 1 : 0);
