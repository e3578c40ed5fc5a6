import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Database } from '../db/client';
import { BankService, fintsBanks } from '../services/banks';

/**
 * What the migrated test templates (PGlite and PostgreSQL) hold beyond the schema: the bank names
 * a first start loads from fints-institute-db (seedReferenceData, services/seed.ts). Every test
 * server started on a copy then finds them and skips the insert of ~3,500 rows, which took 4-17 s
 * per server under load and runs for ~250 servers a suite (ADR 1331). The same call as the seed,
 * so a copy looks exactly like a database after its first start.
 */
export async function fillTemplate(db: Database): Promise<void> {
  await new BankService(db).replaceAll(fintsBanks(), 'fints-institute-db');
}

/** The version of that data, part of the templates' names: a new list makes new templates. */
export function templateDataVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('fints-institute-db/package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
