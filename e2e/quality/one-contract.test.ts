import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { securityFields } from '../../src/server/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../src/server/testing/database';
import { repoRoot, startCompiledServer, type ChildServer } from '../../bench/lib/childServer';
import { completeApplicationForToday } from '../../bench/lib/application';

// Issue 7, load: concurrent final submissions of one application make exactly one contract, with
// the real processing of the server process deciding it (one decision row, one contract number).
// The server is the compiled one `npm start` runs (dist/server, its PGlite and document threads as
// bundles of their own): the only test of what the build makes.
const SUBMITTERS = 8;

beforeAll(() => {
  // npm start's first half: builds what changed (the web app, the server bundles).
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], { stdio: 'pipe' });
}, 300_000);

async function send(url: string, method: string, path: string, body: unknown) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe.each(['pglite', 'postgres'] as const)('concurrent final submissions on %s', (engine) => {
  let pg: TestDatabase | undefined;
  let dir: string | undefined;
  let server: ChildServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await pg?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('exactly one is accepted and exactly one contract is decided', async () => {
    const env: Record<string, string> = {
      LOG_LEVEL: 'warn',
      SERVER_SECRET: 'test-secret-0123456789abcdef',
      CAPTCHA_MAX_NUMBER: '1000',
      BOT_MIN_FILL_SECONDS: '0',
      SEED_EXAMPLES: 'false',
    };
    dir = mkdtempSync(join(tmpdir(), 'mk-one-'));
    env.DATA_DIR = dir;
    if (engine === 'postgres') {
      pg = await createTestDatabase('postgres', { migrate: false });
      env.DATABASE_URL = pg.url!;
    }
    server = await startCompiledServer(env);
    const app = completeApplicationForToday();
    const started = await send(server.url, 'POST', '/api/tenancies?step=selling', {
      ...app,
      ...(await securityFields(server.url)),
    });
    expect(started.body.errors).toEqual({});
    const cid = started.body.cid as string;

    const finals = await Promise.all(
      Array.from({ length: SUBMITTERS }, () =>
        send(server!.url, 'PATCH', `/api/tenancies?cid=${cid}&step=check`, app),
      ),
    );
    const accepted = finals.filter((f) => f.status === 200 && f.body.state === 'submitted');
    expect(accepted).toHaveLength(1);
    expect(finals.filter((f) => f.status === 409)).toHaveLength(SUBMITTERS - 1);

    // Bounded polling until the processing has decided (no time assertion: at most 300 polls).
    let state: { state?: string; orderId?: string } = {};
    for (
      let i = 0;
      i < 300 && !['accepted', 'declined', 'pending'].includes(state.state ?? '');
      i++
    ) {
      await new Promise((r) => setTimeout(r, 200));
      state = (
        await send(server.url, 'GET', `/api/application/state/${cid}`, undefined).catch(() => ({
          body: {},
        }))
      ).body;
    }
    expect(state.state).toBe('accepted');
    expect(state.orderId).toBeTruthy();
    // Rendered and sealed in the document thread: a signed PDF behind the certificate's link.
    const links = (state as { documents?: { kind: string; url: string }[] }).documents ?? [];
    const certificate = links.find((l) => l.kind === 'certificate');
    expect(certificate).toBeDefined();
    const pdf = Buffer.from(await (await fetch(`${server.url}${certificate!.url}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('ETSI.CAdES.detached')).toBe(true);

    await server.stop();
    server = undefined;
    const db = engine === 'postgres' ? pg! : await openDatabase({ dataDir: dir! });
    try {
      const rows = await db.executeSql(
        `SELECT count(*)::int AS n, count(DISTINCT number)::int AS numbers FROM decisions`,
      );
      expect(rows.rows[0]).toEqual({ n: 1, numbers: 1 });
    } finally {
      if (engine === 'pglite') await db.close();
    }
  }, 120_000);
});
