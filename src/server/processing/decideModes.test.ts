import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { fixedClock } from '../clock';
import { loadConfig } from '../config';
import { openPglite, type Database, type Engine } from '../db/client';
import { migrate } from '../db/migrate';
import { applications, decisions } from '../db/schema/index';
import { hashCid, newCid } from '../services/cid';
import { copyPgliteTemplate } from '../testing/pgliteTemplate';
import { createTestDatabase, engines } from '../testing/database';
import { createMailer } from '../mail/index';
import { createProcessing } from './index';
import { processDecision } from './decide';
import { personas } from './testing/personas';
import { testNow } from './testing/harness';
import { testSealEnv } from '../testing/seal';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '../../..');
const secret = 'test-secret-0123456789abcdef';

/** One pending application (persona Paula Prüfung), decided by the rules: answers its number. */
async function pendingApplication(
  db: Database,
  dataDir: string,
): Promise<{ id: string; number: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, SERVER_SECRET: secret, ...testSealEnv });
  const log = pino({ level: 'silent' });
  const clock = fixedClock(testNow);
  const processing = createProcessing({
    db,
    config,
    log,
    clock,
    mailer: createMailer({ config, log, dataDir, clock }),
  });
  await processing.start({ workers: false });
  const p = personas.find((x) => x.name.startsWith('Paula'))!;
  const { security: _s, formHandling: _f, cid: _c, ...data } = p.model;
  const id = (
    await db.orm
      .insert(applications)
      .values({
        cidHash: hashCid(newCid()),
        kind: 'contract',
        data,
        reachedSteps: [],
        orderState: 'submitted',
        createdAt: clock.now(),
        updatedAt: clock.now(),
        submittedAt: clock.now(),
      })
      .returning({ id: applications.id })
  )[0]!.id;
  await processDecision(processing.context, id);
  await processing.stop();
  const d = (await db.orm.select().from(decisions).where(eq(decisions.applicationId, id)))[0]!;
  expect(d.outcome).toBe('pending');
  return { id, number: d.number };
}

const decide = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/decide.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, SERVER_SECRET: secret, LOG_LEVEL: 'silent', ...testSealEnv, ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

/** Every entry below `dir` whose mode is not 0700 (directories) or 0600 (files), with its mode. */
function openEntries(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const st = lstatSync(path);
      const mode = st.mode & 0o777;
      if (st.isDirectory()) {
        if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
        walk(path);
      } else if (st.isFile() && mode !== 0o600) found.push(`${path} ${mode.toString(8)}`);
    }
  };
  walk(dir);
  return found;
}

/**
 * Issue 28 item 7 (ADR 1132): `npm run decide` wrote the accepted mail 0644 into a 0755 outbox.
 * After the command, everything in DATA_DIR is the server user's only: files 0600, folders 0700,
 * on both engines (the embedded one: also the database files PGlite wrote with its own modes).
 */
describe.each(engines)('file modes after npm run decide on %s', (engine: Engine) => {
  it('the outbox mail and every other file 0600, every folder 0700', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mk-decide-modes-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    try {
      let db: Database;
      if (engine === 'postgres') {
        pg = await createTestDatabase('postgres');
        env.DATABASE_URL = pg.url!;
        db = pg;
      } else {
        await copyPgliteTemplate(join(dataDir, 'pglite'));
        db = await openPglite(join(dataDir, 'pglite'), { fsync: false });
        await migrate(db);
      }
      const { id, number } = await pendingApplication(db, dataDir);
      // decide uses the PUBLIC_URL a server stored at its start (issue 27); none ran here.
      await db.executeSql(
        `INSERT INTO server_settings (key, value) VALUES ('public_url', 'https://antrag.example')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      if (!pg) await db.close();
      // The test process's umask (022) left its own files open: the command closes them too.
      const ok = await decide([number, 'accept'], env);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(readdirSync(join(dataDir, 'outbox'))).toEqual([`contract-accepted.${id}.eml`]);
      expect(lstatSync(join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
      expect(lstatSync(join(dataDir, 'outbox', `contract-accepted.${id}.eml`)).mode & 0o777).toBe(
        0o600,
      );
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await pg?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
