import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database';

/**
 * Group commit on the embedded engine (ADR 1002): statements that arrive while PGlite is busy share
 * one transaction (one WAL fsync), yet each caller gets the answer it would have got alone.
 */
describe('group commit (PGlite)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite', { migrate: false });
    await t.executeSql('CREATE TABLE g (k int PRIMARY KEY, v text NOT NULL)');
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs statements that wait together in one transaction', async () => {
    const ids = await Promise.all(
      // With parameters: a statement without any goes as a script (exec), never grouped.
      Array.from({ length: 20 }, (_, i) =>
        t
          .executeSql('SELECT txid_current()::text AS id, $1::int AS i', [i])
          .then((r) => r.rows[0]!.id),
      ),
    );
    // One transaction per statement would give 20 different ids.
    expect(new Set(ids).size).toBeLessThan(20);
  });

  it('answers a failing statement of a group with its own error and keeps the others', async () => {
    const keys = [...Array.from({ length: 30 }, (_, i) => i + 1), 7];
    const outcomes = await Promise.allSettled(
      keys.map((k) => t.executeSql('INSERT INTO g (k, v) VALUES ($1, $2)', [k, `v${k}`])),
    );
    const failed = outcomes.filter((o) => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    for (const o of outcomes) if (o.status === 'fulfilled') expect(o.value.rowCount).toBe(1);
    const r = await t.executeSql('SELECT count(*)::int AS n FROM g', []);
    expect(r.rows).toEqual([{ n: 30 }]);
  });

  it('keeps what a statement of the caller needs outside a transaction working beside a group', async () => {
    const writes = Array.from({ length: 10 }, (_, i) =>
      t.executeSql('UPDATE g SET v = $1 WHERE k = $2', [`w${i}`, i + 1]),
    );
    // VACUUM cannot run inside a transaction block: it is never grouped.
    await expect(t.executeSql('VACUUM g', [])).resolves.toBeDefined();
    await Promise.all(writes);
    const r = await t.executeSql(`SELECT count(*)::int AS n FROM g WHERE v LIKE 'w%'`, []);
    expect(r.rows).toEqual([{ n: 10 }]);
  });
});
