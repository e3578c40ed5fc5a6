import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { fixedClock } from '../clock';
import { loadConfig } from '../config';
import { openPglite, type Database, type Engine } from '../db/client';
import { migrate } from '../db/migrate';
import { applications, decisions, serverSettings } from '../db/schema/index';
import { pdfText } from '../documents/testing/pdfText';
import { hashCid, newCid } from '../services/cid';
import { copyPgliteTemplate } from '../testing/pgliteTemplate';
import { createTestDatabase, engines } from '../testing/database';
import { createMailer } from '../mail/index';
import { leaves, parseMime } from '../mail/testing/mime';
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

describe.each(engines)('npm run decide on %s', (engine: Engine) => {
  it('accepts a pending application and sends the e-mail with the certificate', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mk-decide-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    const open = async () => (pg ? pg : await openPglite(join(dataDir, 'pglite')));
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
      // What the running server stored at its start (seedReferenceData); the command's own
      // PUBLIC_URL below must not reach the links (issue 27).
      await db.orm
        .insert(serverSettings)
        .values({ key: 'public_url', value: 'https://antrag.example' });
      env.PUBLIC_URL = 'http://command-env.example';
      if (!pg) await db.close();

      expect((await decide([], env)).code).toBe(2);
      if (!pg) {
        // a running server holds PGlite: the command refuses instead of opening it twice
        writeFileSync(join(dataDir, 'processing.pid'), String(process.pid));
        const busy = await decide([number, 'accept'], env);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toContain('hält die eingebettete Datenbank');
        rmSync(join(dataDir, 'processing.pid'));
      }
      const unknown = await decide(['MK-1999-000001', 'accept'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Keine Entscheidung mit der Nummer MK-1999-000001');

      const ok = await decide([number, 'accept'], env);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain(`${number}: angenommen`);

      const files = readdirSync(join(dataDir, 'outbox'));
      expect(files).toEqual([`contract-accepted.${id}.eml`]);
      const mail = parseMime(readFileSync(join(dataDir, 'outbox', files[0]!)));
      expect(leaves(mail).some((p) => p.filename === `Buergschaftsurkunde-${number}.pdf`)).toBe(
        true,
      );
      const text = leaves(mail)
        .find((p) => p.contentType === 'text/plain')!
        .body.toString('utf8');
      expect(text).toContain('https://antrag.example/widerruf?link=');
      expect(text).not.toMatch(/localhost|command-env/);
      const certificate = await pdfText(
        new Uint8Array(
          leaves(mail).find((p) => p.filename === `Buergschaftsurkunde-${number}.pdf`)!.body,
        ),
      );
      expect(certificate.replace(/\s/g, '')).toContain('https://antrag.example/pruefen/');
      expect(certificate).not.toMatch(/localhost|command-env/);

      const again = await decide([number, 'decline'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('nicht offen');

      const check = await open();
      const row = (await check.orm.select().from(applications).where(eq(applications.id, id)))[0]!;
      expect(row.orderState).toBe('accepted');
      if (!pg) await check.close();
    } finally {
      await pg?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
