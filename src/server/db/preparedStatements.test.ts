import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/database';

/**
 * The PGlite thread runs plain DML and SELECT as named prepared statements (ADR 1009): answers,
 * types and errors must be those of PGlite's own query(), and a table that changes is never read
 * through an old plan.
 */
describe('prepared statements in the PGlite thread', () => {
  let t: TestDatabase;
  const kept = async (text: string) =>
    (
      await t.executeSql(
        `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'kept\\_%' AND statement = $1`,
        [text],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestDatabase('pglite', { migrate: false });
    await t.executeSql(
      'CREATE TABLE p (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int NOT NULL, ' +
        "data jsonb NOT NULL DEFAULT '{}', at timestamptz, note text)",
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the same values and types as before, and prepares a statement once', async () => {
    const insert = 'INSERT INTO p (n, data, at, note) VALUES ($1, $2::jsonb, $3, $4) RETURNING *';
    const at = '2026-11-24T10:00:00.000Z';
    const a = await t.executeSql(insert, [1, JSON.stringify({ x: [1, 'ä'] }), at, null]);
    const b = await t.executeSql(insert, [2, { y: true }, new Date(at), 'zwei']);
    expect(a.rowCount).toBe(1);
    expect(a.rows[0]).toMatchObject({ n: 1, data: { x: [1, 'ä'] }, note: null });
    expect(b.rows[0]).toMatchObject({ n: 2, data: { y: true }, note: 'zwei' });
    expect(new Date(b.rows[0]!.at as string).toISOString()).toBe(at);
    expect(await kept(insert)).toBe(1);

    // Arrays as parameters, and drizzle's own calls (timestamps kept as text), go the same way.
    const both = await t.executeSql('SELECT n FROM p WHERE n = ANY($1::int[]) ORDER BY n', [
      [1, 2],
    ]);
    expect(both.rows).toEqual([{ n: 1 }, { n: 2 }]);
    const rows = (await t.orm.execute(sql`SELECT n, at FROM p WHERE n = ${2}`)) as unknown as {
      rows: unknown[];
    };
    expect(rows.rows).toEqual([{ n: 2, at: expect.stringMatching(/^2026-11-24 10:00:00/) }]);
    // drizzle's parsers stay drizzle's: the same statement without them parses dates again.
    const plain = await t.executeSql('SELECT n, at FROM p WHERE n = $1', [2]);
    expect(plain.rows[0]!.at).toBeInstanceOf(Date);
    const again = (await t.orm.execute(sql`SELECT n, at FROM p WHERE n = ${2}`)) as unknown as {
      rows: { at: unknown }[];
    };
    expect(typeof again.rows[0]!.at).toBe('string');
    const updated = await t.executeSql('UPDATE p SET note = $1 WHERE n > $2', ['neu', 0]);
    expect(updated.rowCount).toBe(2);
  });

  it('answers errors with their PostgreSQL code and keeps working after them', async () => {
    const insert = 'INSERT INTO p (id, n) VALUES ($1, $2)';
    const id = '8d1f0c39-3b43-4c4e-9a55-3e0d2a3f6a10';
    await t.executeSql(insert, [id, 3]);
    await expect(t.executeSql(insert, [id, 4])).rejects.toMatchObject({ code: '23505' });
    await expect(t.executeSql('SELECT nope FROM p WHERE n = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    await expect(t.executeSql('SELECT * FROM p WHERE n = $1', ['drei'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect(await kept('SELECT nope FROM p WHERE n = $1')).toBe(0);
    const r = await t.executeSql('SELECT n FROM p WHERE id = $1', [id]);
    expect(r.rows).toEqual([{ n: 3 }]);
  });

  it('rolls back with the transaction it ran in', async () => {
    await expect(
      t.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO p (n) VALUES (${100})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const r = await t.executeSql('SELECT count(*)::int AS c FROM p WHERE n = $1', [100]);
    expect(r.rows).toEqual([{ c: 0 }]);
  });

  it('reads a table whose columns changed through a new plan', async () => {
    const all = 'SELECT * FROM p WHERE n = $1';
    expect(Object.keys((await t.executeSql(all, [1])).rows[0]!)).not.toContain('extra');
    // As a statement of its own and as part of a script (a migration).
    await t.orm.execute(sql.raw("ALTER TABLE p ADD COLUMN extra text NOT NULL DEFAULT 'e'"));
    expect((await t.executeSql(all, [1])).rows[0]).toMatchObject({ n: 1, extra: 'e' });
    await t.executeSql('ALTER TABLE p DROP COLUMN extra; ALTER TABLE p ADD COLUMN other int');
    const row = (await t.executeSql(all, [1])).rows[0]!;
    expect(row).toHaveProperty('other', null);
    expect(row).not.toHaveProperty('extra');
    expect(await kept(all)).toBe(1);
  });

  it('keeps at most 200 statements', async () => {
    for (let i = 0; i < 230; i++) await t.executeSql(`SELECT $1::int + ${i} AS v`, [1]);
    const r = await t.executeSql(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'kept\\_%'`,
      [],
    );
    expect(r.rows[0]!.n).toBeLessThanOrEqual(200);
    expect(r.rows[0]!.n).toBeGreaterThan(150);
  });
});
