import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../services/seed';
import { testDatabaseServerUrl } from '../testing/database';
import { createJobQueue, queues } from './queue';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: testDatabaseServerUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const queueOptions = {
  jobTimeoutSeconds: 60,
  maintenanceSeconds: 30,
  pollingSeconds: 0.5,
  deletionTime: '03:15',
  webhookRetryDelaySeconds: 10,
};

/**
 * Issue 28 item 5: two instances starting at once on a fresh PostgreSQL database. Each does what
 * serve.ts does (migrate and seed under the start lock, then the job queue's setup: pg-boss's
 * schema and our queues) on its own connections. Before the queue setup ran under the lock, one
 * of them died with "deadlock detected" in pg-boss's create_queue in 6 of 9 trials.
 */
describe('two first starts on one new PostgreSQL database', () => {
  it('ten times: both start, every queue exists once', async () => {
    const config = loadConfig({ SEED_EXAMPLES: 'true' });
    const log = pino({ level: 'silent' });
    for (let trial = 0; trial < 10; trial++) {
      const name = `mk_queue_${randomBytes(4).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(testDatabaseServerUrl);
      url.pathname = `/${name}`;
      const dbs = [await openPostgres(url.toString(), 4), await openPostgres(url.toString(), 4)];
      const started: Array<ReturnType<typeof createJobQueue>> = [];
      try {
        const start = async (db: Database) => {
          await db.exclusive('start', async () => {
            await migrate(db);
            await seedReferenceData(db, config, log);
          });
          const queue = createJobQueue(db, log, queueOptions);
          started.push(queue);
          await queue.start();
        };
        const results = await Promise.allSettled(dbs.map(start));
        expect(
          results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started')),
          `trial ${trial + 1}`,
        ).toEqual(['started', 'started']);
        const q = await dbs[0]!.executeSql('SELECT name FROM pgboss.queue ORDER BY name');
        expect(q.rows.map((r) => r.name)).toEqual(Object.values(queues).sort());
      } finally {
        await Promise.allSettled(started.map((q) => q.stop()));
        await Promise.allSettled(dbs.map((db) => db.close()));
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  }, 300_000);
});
