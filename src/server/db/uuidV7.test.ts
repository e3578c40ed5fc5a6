import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';

// Ledger entries and debits get time-ordered keys from the database (migration 0021, ADR 1498):
// the batch work appends them at the right-hand end of their primary key's index.
describe.each(engines)('uuid_v7() on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  /** The Unix time in milliseconds in a version 7 uuid's first 48 bits. */
  const msOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

  it('is version 7 of RFC 9562, with the time of its making, and sorts by it', async () => {
    const before = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await db.executeSql(`SELECT uuid_v7()::text AS id, pg_sleep(0.002)`);
      ids.push(r.rows[0]!.id as string);
    }
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // the database's clock and ours: the same machine, allow a second either way
      expect(msOf(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(msOf(id)).toBeLessThanOrEqual(after + 1000);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the key a ledger entry and a debit get when none is given', async () => {
    const defaults = await db.executeSql(
      `SELECT table_name, column_default FROM information_schema.columns
        WHERE column_name = 'id' AND table_name IN ('ledger_entries', 'sepa_debits')
        ORDER BY table_name`,
    );
    expect(defaults.rows).toEqual([
      { table_name: 'ledger_entries', column_default: 'uuid_v7()' },
      { table_name: 'sepa_debits', column_default: 'uuid_v7()' },
    ]);
  });
});
