import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateDataVersion } from './templateData';

const migrationsDir = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * Feeds every migration and the journal into `h`: a changed migration makes a new test template.
 * The journal too: a regenerated migration with the same SQL gets a new timestamp, and the
 * migrator would run it again on a template made with the old one ("already exists").
 */
export function hashMigrations(h: Hash): Hash {
  for (const f of readdirSync(migrationsDir).sort())
    if (f.endsWith('.sql')) h.update(f).update(readFileSync(join(migrationsDir, f)));
  return h.update(readFileSync(join(migrationsDir, 'meta', '_journal.json')));
}

/** 16 hex digits naming the current migrations (for template names). */
export function migrationsKey(): string {
  return hashMigrations(createHash('sha256'))
    .update(`banks ${templateDataVersion()}`)
    .digest('hex')
    .slice(0, 16);
}
