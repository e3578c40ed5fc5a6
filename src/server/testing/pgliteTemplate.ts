import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../db/client';
import { migrate } from '../db/migrate';
import { fillTemplate, templateDataVersion } from './templateData';
import { hashMigrations } from './migrationsKey';

/**
 * A fresh embedded database costs one initdb plus every migration: seconds on a quiet machine and
 * a minute under load, paid by every test server. Tests copy a data directory made once instead
 * (ADR 1005). The template is keyed by the PGlite version and the migrations, so a changed
 * migration makes a new one; it lives in the system's temporary directory and is shared by test
 * workers and runs. Only tests use it: the product always runs initdb and migrate itself.
 */
function templateKey(migrated: boolean): string {
  const h = createHash('sha256');
  const pglitePackage = fileURLToPath(
    new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
  );
  h.update(readFileSync(pglitePackage));
  if (migrated) hashMigrations(h).update(`banks ${templateDataVersion()}`);
  h.update(migrated ? 'migrated' : 'bare');
  return h.digest('hex').slice(0, 16);
}

const made = new Map<boolean, Promise<string>>();

/** The template directory (made now if this machine has none yet). */
function pgliteTemplate(migrated: boolean): Promise<string> {
  let p = made.get(migrated);
  if (!p) {
    p = makeTemplate(migrated);
    made.set(migrated, p);
  }
  return p;
}

async function makeTemplate(migrated: boolean): Promise<string> {
  const dir = join(tmpdir(), `mk-pglite-template-${templateKey(migrated)}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const building = mkdtempSync(join(tmpdir(), 'mk-pglite-building-'));
  try {
    const db = await openPglite(building, { fsync: false, initApart: false });
    if (migrated) {
      await migrate(db);
      await fillTemplate(db);
    }
    await db.close();
    // Atomic: another worker that finished first keeps its copy, ours goes.
    renameSync(building, dir);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) throw err;
  }
  return dir;
}

/** Copies a fresh database into `target` (which must not hold one yet). */
export async function copyPgliteTemplate(target: string, migrated = true): Promise<void> {
  cpSync(await pgliteTemplate(migrated), target, { recursive: true });
}
