import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config';
import { openPostgres } from './client';
import { migrate } from './migrate';
import { seedReferenceData } from '../services/seed';
import { testDatabaseServerUrl } from '../testing/database';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: testDatabaseServerUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Issue 15 item 14: two instances starting on a fresh PostgreSQL database at the same moment both
 * migrate and seed (one waits for the other's advisory lock) instead of one crashing.
 */
describe('migrations under an advisory lock', () => {
  it('two instances start on a fresh database at once, three times', async () => {
    const config = loadConfig({ SEED_EXAMPLES: 'true' });
    const log = pino({ level: 'silent' });
    for (let trial = 0; trial < 3; trial++) {
      const name = `mk_lock_${randomBytes(4).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(testDatabaseServerUrl);
      url.pathname = `/${name}`;
      const a = await openPostgres(url.toString(), 3);
      const b = await openPostgres(url.toString(), 3);
      try {
        const start = (db: typeof a) =>
          db.exclusive('start', async () => {
            await migrate(db);
            await seedReferenceData(db, config, log);
          });
        await Promise.all([start(a), start(b)]);
        const r = await a.executeSql(
          'SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS m, (SELECT count(*)::int FROM partners) AS p',
          [],
        );
        expect(r.rows[0]!.m).toBeGreaterThan(0);
        expect(r.rows[0]!.p).toBeGreaterThan(0);
      } finally {
        await a.close();
        await b.close();
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  }, 120_000);
});
