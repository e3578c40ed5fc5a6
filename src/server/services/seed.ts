import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { serverSettings } from '../db/schema/index';
import type { Logger } from '../log';
import { BankService, fintsBanks } from './banks';
import { PartnerService, parsePartnerCsv } from './partners';

const examplePartnersCsv = fileURLToPath(
  new URL('../../../content/partners/examples.csv', import.meta.url),
);

/**
 * Reference data a fresh installation needs; idempotent, and it never overwrites imports:
 * bank names from fints-institute-db when the table is empty, the example partners
 * (content/partners/examples.csv) when there are no partners and SEED_EXAMPLES is on.
 */
export async function seedReferenceData(db: Database, config: Config, log: Logger): Promise<void> {
  const banks = new BankService(db);
  if ((await banks.count()) === 0) {
    const n = await banks.replaceAll(fintsBanks(), 'fints-institute-db');
    log.info({ banks: n }, 'bank names loaded from fints-institute-db');
  }
  // The links a command (npm run decide) seals into documents and e-mails are the server's, not
  // what the command's own environment says (issue 27).
  await storePublicUrl(db, config.publicUrl);
  const partners = new PartnerService(db);
  if (config.seedExamples && (await partners.count()) === 0) {
    const r = await partners.import(parsePartnerCsv(await readFile(examplePartnersCsv, 'utf8')));
    log.info(r, 'example partners loaded');
  }
}

/**
 * Without SERVER_SECRET, one random secret is made once and kept in the database, so the signed
 * bot-check values and captcha challenges survive restarts and work across instances. `candidate`
 * (the embedded engine's secret file) is what is kept when the database holds none yet.
 */
export async function persistedServerSecret(db: Database, candidate?: string): Promise<string> {
  await db.orm
    .insert(serverSettings)
    .values({ key: 'server_secret', value: candidate ?? randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const rows = await db.orm
    .select()
    .from(serverSettings)
    .where(eq(serverSettings.key, 'server_secret'));
  return rows[0]!.value;
}

/** The server's PUBLIC_URL, kept for the commands that act for it (key public_url). */
async function storePublicUrl(db: Database, url: string): Promise<void> {
  await db.orm
    .insert(serverSettings)
    .values({ key: 'public_url', value: url })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: url } });
}

/** The PUBLIC_URL the server stored at its last start; undefined before the first start. */
export async function storedPublicUrl(db: Database): Promise<string | undefined> {
  const rows = await db.orm
    .select()
    .from(serverSettings)
    .where(eq(serverSettings.key, 'public_url'));
  return rows[0]?.value;
}
