import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationStore } from '../services/applications';
import { hashCid, newCid } from '../services/cid';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { migrate } from './migrate';

describe.each(engines)('storage on %s', (engine) => {
  let db: TestDatabase;
  let store: ApplicationStore;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    store = new ApplicationStore(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs migrations idempotently (a second run changes nothing)', async () => {
    await migrate(db);
    const r = await db.executeSql(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'applications'",
    );
    expect(r.rows[0]?.n).toBe(1);
  });

  it('stores an application by the hash of its cid, never the cid itself', async () => {
    const cid = newCid();
    const now = new Date('2026-03-01T10:00:00Z');
    const row = await store.insert({
      cid,
      kind: 'contract',
      data: { objective: { deposit: 1200, target: 'newContract' } },
      reachedSteps: ['start'],
      now,
    });
    expect(row.cidHash).toBe(hashCid(cid));
    const found = await store.findByCid(cid);
    expect(found?.data).toEqual({ objective: { deposit: 1200, target: 'newContract' } });
    expect(found?.reachedSteps).toEqual(['start']);
    const dump = await db.executeSql('SELECT * FROM applications');
    expect(JSON.stringify(dump.rows)).not.toContain(cid);
    expect(await store.findByCid(newCid())).toBeUndefined();
  });

  it('lets exactly one of several concurrent final submissions win', async () => {
    const cid = newCid();
    const now = new Date('2026-03-01T10:00:00Z');
    const row = await store.insert({ cid, kind: 'contract', data: {}, reachedSteps: [], now });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction((tx) =>
          store.markSubmitted(tx, row.id, { data: {}, reachedSteps: [], now }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await store.updateEditable(row.id, { data: { x: 1 }, reachedSteps: [], now });
    expect(after).toBeUndefined();
  });

  it('runs raw SQL with parameters and rolls back a failed transaction', async () => {
    const r = await db.executeSql('SELECT $1::int + $2::int AS sum', [2, 3]);
    expect(r.rows[0]?.sum).toBe(5);
    await expect(
      db.transaction(async (tx) => {
        await store.insert(
          {
            cid: 'rollback-cid-0000000',
            kind: 'contract',
            data: {},
            reachedSteps: [],
            now: new Date(),
          },
          tx,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.findByCid('rollback-cid-0000000')).toBeUndefined();
  });
});
