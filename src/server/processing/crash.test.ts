import { describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { fixedClock } from '../clock';
import { loadConfig } from '../config';
import { openPglite, type Database, type Engine } from '../db/client';
import { migrate } from '../db/migrate';
import { applications, decisions, documents, mails } from '../db/schema/index';
import { copyPgliteTemplate } from '../testing/pgliteTemplate';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { createMailer } from '../mail/index';
import { createProcessing } from './index';
import { submitApplication } from './testing/harness';
import { personas } from './testing/personas';
import { testSealEnv } from '../testing/seal';

// Two rounds of the personas: enough work in flight that the kill lands in the middle of it.
const N = 26;
const secret = 'test-secret-0123456789abcdef';
const repoRoot = join(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real server (src/server/main.ts) as a child process, as `npm start` runs it. */
function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SERVER_SECRET: secret,
      SEED_EXAMPLES: 'false',
      JOB_TIMEOUT_SECONDS: '5',
      ...testSealEnv,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => undefined);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

const outboxCount = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

async function waitFor(check: () => boolean, what: string, seconds = 120): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Submits N applications (the test personas in turn) with their decision jobs queued. */
async function submitAll(db: Database, dataDir: string): Promise<string[]> {
  const config = loadConfig({ DATA_DIR: dataDir, SERVER_SECRET: secret, JOB_TIMEOUT_SECONDS: '5' });
  const log = pino({ level: 'silent' });
  // The server child runs on the real clock; so do these rows (no deletion or sweep surprises).
  const clock = fixedClock(new Date());
  const mailer = createMailer({ config, log, dataDir, clock });
  const processing = createProcessing({ db, config, log, clock, mailer });
  await processing.start({ workers: false });
  const ids: string[] = [];
  for (let i = 0; i < N; i++) {
    const p = personas[i % personas.length]!;
    ids.push((await submitApplication(db, processing, clock.now(), p.model, p.kind)).id);
  }
  await processing.stop();
  return ids;
}

async function verify(db: Database, ids: string[], dataDir: string) {
  const rows = await db.orm.select().from(applications).where(inArray(applications.id, ids));
  expect(rows).toHaveLength(N);
  for (const row of rows) {
    const persona = personas[ids.indexOf(row.id) % personas.length]!;
    expect(row.orderState, persona.name).toBe(persona.expected);
    const d = await db.orm.select().from(decisions).where(eq(decisions.applicationId, row.id));
    const docs = await db.orm.select().from(documents).where(eq(documents.applicationId, row.id));
    const m = await db.orm.select().from(mails).where(eq(mails.applicationId, row.id));
    expect(d, persona.name).toHaveLength(1);
    // an accepted contract has its certificate and policy, a reservation its Sofortzusage
    const issued = persona.kind === 'contract' ? 2 : 1;
    expect(docs, persona.name).toHaveLength(persona.expected === 'accepted' ? issued : 0);
    expect(m.map((x) => !!x.sentAt)).toEqual([true]);
  }
  // A write cut by kill -9 may leave a temporary file; only finished .eml files are e-mails.
  const files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
  expect(files).toHaveLength(N);
  for (const id of ids) expect(files.filter((f) => f.includes(id))).toHaveLength(1);
}

describe.each(engines)('kill -9 while jobs run, on %s', (engine: Engine) => {
  it('every submitted application ends in exactly one final state, certificate and e-mail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mk-crash-'));
    let testDb: TestDatabase | undefined;
    let child: ChildProcess | undefined;
    try {
      let ids: string[];
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (engine === 'pglite') {
        // PGlite belongs to one process: prepare, close, then hand the directory to the server.
        await copyPgliteTemplate(join(dataDir, 'pglite'));
        const db = await openPglite(join(dataDir, 'pglite'), { fsync: false });
        await migrate(db);
        ids = await submitAll(db, dataDir);
        await db.close();
      } else {
        testDb = await createTestDatabase('postgres');
        ids = await submitAll(testDb, dataDir);
        env.DATABASE_URL = testDb.url!;
      }

      child = startServer(env);
      await waitFor(() => outboxCount(dataDir) > 0, 'the first e-mail');
      child.kill('SIGKILL');
      await exited(child);
      const atKill = outboxCount(dataDir);
      // The crash must have hit work in progress, or this test proves nothing.
      expect(atKill).toBeLessThan(N);

      child = startServer(env);
      // every accepted contract renders and seals two PDFs and mails five: allow for a busy machine
      await waitFor(() => outboxCount(dataDir) >= N, 'all e-mails after the restart', 300);
      await sleep(1500); // let stray retries show up if there were any
      child.kill('SIGTERM');
      await exited(child);
      child = undefined;

      if (engine === 'pglite') {
        const db = await openPglite(join(dataDir, 'pglite'));
        try {
          await verify(db, ids, dataDir);
        } finally {
          await db.close();
        }
      } else {
        await verify(testDb!, ids, dataDir);
      }
    } finally {
      if (child) {
        child.kill('SIGKILL');
        await exited(child);
      }
      await testDb?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 420_000);
});
