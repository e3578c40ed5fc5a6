import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startDatabase } from './client';
import { DataDirLockedError } from './dataDirLock';
import { copyPgliteTemplate } from '../testing/pgliteTemplate';

/**
 * The server builds its app while the embedded database opens (ADR 1001): queries made before it
 * is open wait for it and are answered in order; a database that cannot open fails them with its
 * reason and frees DATA_DIR.
 */
describe('startDatabase (embedded)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'mk-start-'));
    dirs.push(d);
    return d;
  };

  it('answers queries made before the database is open, in order', async () => {
    const dataDir = tempDir();
    // An initialised database (initdb is not what this test is about; it costs seconds).
    await copyPgliteTemplate(join(dataDir, 'pglite'));
    const { db, opened } = await startDatabase({ dataDir });
    try {
      const order: number[] = [];
      const early = [
        db.executeSql('CREATE TABLE t (n int)').then(() => order.push(1)),
        db.executeSql('INSERT INTO t VALUES (1), (2)').then(() => order.push(2)),
        db.orm.execute<{ s: number }>(sql`SELECT sum(n)::int AS s FROM t`).then((r) => {
          order.push(3);
          return (r as unknown as { rows: { s: number }[] }).rows;
        }),
      ];
      await opened;
      const [, , rows] = await Promise.all(early);
      expect(rows).toEqual([{ s: 3 }]);
      expect(order).toEqual([1, 2, 3]);
    } finally {
      await db.close();
    }
  });

  it('fails early queries with the reason the database did not open, and frees DATA_DIR', async () => {
    const dataDir = tempDir();
    // A data directory of a PostgreSQL major version PGlite is not.
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '9\n');
    const { db, opened } = await startDatabase({ dataDir });
    const early = db.executeSql('SELECT 1');
    const reason = await opened.then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(reason).toBeInstanceOf(Error);
    await expect(early).rejects.toThrow(reason!.message);
    await expect(db.executeSql('SELECT 1')).rejects.toThrow(reason!.message);
    // The lock went with the failed start: the next attempt fails for the same reason, not the lock.
    const again = await startDatabase({ dataDir }).catch((err: unknown) => err as Error);
    expect(again).not.toBeInstanceOf(DataDirLockedError);
    if (!(again instanceof Error)) await again.opened.catch(() => undefined);
  });
});
