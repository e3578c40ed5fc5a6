import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { securityFields } from '../../src/server/testing/fixtures';
import { completeApplicationForToday } from './application';
import { npmStartSettings, repoRoot, startChild, type ChildServer } from './childServer';

/**
 * `count` applications submitted in one call each and left waiting for staff (the review persona:
 * its decision is "pending"), answering their cids once every one reads "pending": what the
 * browser's state poll (GET /api/application/state/{cid}, once a second) reads while it waits.
 */
export async function waitingApplications(url: string, count: number): Promise<string[]> {
  const cids: string[] = [];
  for (let i = 0; i < count; i++) {
    const app = completeApplicationForToday();
    const tenant = app.tenant as Record<string, unknown>;
    tenant.name = 'Pruefung';
    tenant.email = tenant.emailConfirmation = `waiting${i}@example.org`;
    const r = await fetch(`${url}/api/tenancies?step=check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...app, ...(await securityFields(url)) }),
    });
    const answer = (await r.json()) as { cid?: string; state?: string };
    if (answer.state !== 'submitted') throw new Error(`submission: ${JSON.stringify(answer)}`);
    cids.push(answer.cid!);
  }
  for (const cid of cids)
    for (let tries = 0; ; tries++) {
      const r = (await (await fetch(`${url}/api/application/state/${cid}`)).json()) as {
        state: string;
      };
      if (r.state === 'pending') break;
      if (tries > 600) throw new Error(`application still ${r.state} after a minute`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  return cids;
}

/**
 * The bare client yardstick of one engine (bench/bareStatements.ts): the product's statements for
 * a step save and a state poll, captured afresh from the product's code path, replayed on the
 * product's data (PGlite: a copy of `pgliteDir`, taken while the product is stopped; PostgreSQL:
 * the product's database), with npm start's node flags and malloc settings, as the product runs.
 */
export async function startBareClient(
  engine: 'pglite' | 'postgres',
  data: { pgliteDir?: string; databaseUrl?: string },
): Promise<{ server: ChildServer; statements: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bare-client-'));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/captureStatements.ts', engine],
      { cwd: repoRoot, maxBuffer: 16 << 20 },
    );
    const file = join(dir, 'statements.json');
    writeFileSync(file, stdout);
    const env: Record<string, string> = { ...npmStartSettings().env, BARE_STATEMENTS: file };
    if (data.pgliteDir) {
      cpSync(data.pgliteDir, join(dir, 'pglite'), { recursive: true });
      env.BARE_PGLITE_DIR = join(dir, 'pglite');
    } else env.DATABASE_URL = data.databaseUrl!;
    const server = await startChild({
      script: 'bench/bareStatements.ts',
      env,
      nodeArgs: npmStartSettings().nodeArgs,
      discardStdout: true,
      timeoutMs: 300_000,
    });
    return {
      server,
      statements: stdout,
      async stop() {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
