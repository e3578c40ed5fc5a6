import { afterAll, describe, expect, it } from 'vitest';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

  it('its thread closes DATA_DIR before opening the database and again when asked (ADR 1370)', async () => {
    const dataDir = tempDir();
    await copyPgliteTemplate(join(dataDir, 'pglite'));
    mkdirSync(join(dataDir, 'outbox'));
    writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'x', { mode: 0o644 });
    chmodSync(join(dataDir, 'outbox', 'old.eml'), 0o644);
    chmodSync(join(dataDir, 'outbox'), 0o755);
    chmodSync(dataDir, 0o755);
    const mode = (path: string) => statSync(path).mode & 0o777;
    const { db, opened, dataFiles } = await startDatabase({ dataDir });
    try {
      await opened;
      const first = await dataFiles!.firstPass;
      expect(first).toMatchObject({ failed: 0 });
      expect(first!.dirs).toBeGreaterThanOrEqual(2); // DATA_DIR and outbox at least
      expect(first!.files).toBeGreaterThanOrEqual(1);
      expect([mode(dataDir), mode(join(dataDir, 'outbox', 'old.eml'))]).toEqual([0o700, 0o600]);
      // What appears after the open (PGlite's own open writes 0644 files, as this one) is closed
      // by the next pass.
      writeFileSync(join(dataDir, 'outbox', 'new.eml'), 'x');
      chmodSync(join(dataDir, 'outbox', 'new.eml'), 0o644);
      const second = await dataFiles!.close();
      expect(second).toMatchObject({ dirs: 0, failed: 0 });
      expect(second.files).toBeGreaterThanOrEqual(1);
      const open = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((e) => !e.isSymbolicLink())
        .map((e) => join(e.parentPath, e.name))
        .filter((path) => (mode(path) & 0o077) !== 0);
      expect(open).toEqual([]);
      // The database still answers after the pass (it ran on its thread).
      expect((await db.executeSql('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
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
