import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { fixedClock } from '../../clock';
import { loadConfig } from '../../config';
import type { Database, Engine } from '../../db/client';
import { applications, decisions, documents, mails } from '../../db/schema/index';
import { hashCid, newCid } from '../../services/cid';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { createMailer } from '../../mail/index';
import { testSealEnv } from '../../testing/seal';
import { createProcessing, type Processing } from '../index';
import type { FormModel } from '../../../domain/index';

export interface Harness {
  db: TestDatabase;
  processing: Processing;
  dataDir: string;
  clock: ReturnType<typeof fixedClock>;
  submit(model: FormModel, kind: 'contract' | 'reservation'): Promise<{ id: string; cid: string }>;
  /** Polls the state like the browser (at most 90 polls); answers the final state or the last seen. */
  pollState(
    id: string,
    opts?: { intervalMs?: number },
  ): Promise<{ state: string | null; polls: number }>;
  counts(id: string): Promise<{ decisions: number; documents: number; mailsSent: number }>;
  close(): Promise<void>;
}

export const testNow = '2026-03-02T09:00:00Z';

/**
 * What the server's final submission does, without HTTP: the application row in state 'submitted'
 * and its decision job, in one transaction (client-only parts of the model are not stored).
 */
export async function submitApplication(
  db: Database,
  processing: Processing,
  now: Date,
  model: FormModel,
  kind: 'contract' | 'reservation',
): Promise<{ id: string; cid: string }> {
  const cid = newCid();
  const { security: _s, formHandling: _f, cid: _c, ...data } = model;
  const id = await db.transaction(async (tx) => {
    const row = (
      await tx
        .insert(applications)
        .values({
          cidHash: hashCid(cid),
          kind,
          data,
          reachedSteps: [],
          orderState: 'submitted',
          digital: model.objective.deliverTo === 'digital',
          createdAt: now,
          updatedAt: now,
          submittedAt: now,
        })
        .returning({ id: applications.id })
    )[0]!;
    await processing.enqueueDecision(tx, row.id, cid);
    return row.id;
  });
  return { id, cid };
}

/** A real database (either engine), a real mailer and processing started with short timings. */
export async function startHarness(
  engine: Engine,
  opts: { smtpUrl?: string; start?: boolean } = {},
): Promise<Harness> {
  const db = await createTestDatabase(engine);
  const dataDir = mkdtempSync(join(tmpdir(), 'mk-processing-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SERVER_SECRET: 'test-secret-0123456789abcdef',
    PUBLIC_URL: 'https://antrag.example',
    ...testSealEnv,
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = fixedClock(testNow);
  const mailer = createMailer({ config, log, dataDir, clock });
  const processing = createProcessing({
    db,
    config,
    log,
    clock,
    mailer,
    queue: { maintenanceSeconds: 1, jobTimeoutSeconds: 5 },
  });
  if (opts.start !== false) await processing.start();
  return {
    db,
    processing,
    dataDir,
    clock,
    submit: (model, kind) => submitApplication(db, processing, clock.now(), model, kind),
    async pollState(id, o) {
      let state: string | null = null;
      for (let polls = 1; polls <= 90; polls++) {
        const row = (
          await db.orm
            .select({ s: applications.orderState })
            .from(applications)
            .where(eq(applications.id, id))
        )[0];
        state = row?.s ?? null;
        if (state !== 'submitted' && state !== 'created') return { state, polls };
        await new Promise((r) => setTimeout(r, o?.intervalMs ?? 1000));
      }
      return { state, polls: 91 };
    },
    async counts(id) {
      const d = await db.orm.select().from(decisions).where(eq(decisions.applicationId, id));
      const docs = await db.orm.select().from(documents).where(eq(documents.applicationId, id));
      const m = await db.orm.select().from(mails).where(eq(mails.applicationId, id));
      return {
        decisions: d.length,
        documents: docs.length,
        mailsSent: m.filter((x) => x.sentAt).length,
      };
    },
    async close() {
      await processing.stop();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
