// npm run import:partners -- <file.csv> [--replace]
// Imports partners and sub-partners (CSV: partner_code,partner_name,sub_partner_code,
// sub_partner_name,hide_partner_code; comma or semicolon) into the configured database
// (DATABASE_URL or DATA_DIR). A malformed file is refused with its line number; nothing is imported.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import {
  PartnerImportError,
  PartnerService,
  parsePartnerCsv,
} from '../src/server/services/partners';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('Aufruf: npm run import:partners -- <datei.csv> [--replace]\n');
  process.exit(2);
}
let rows;
try {
  rows = parsePartnerCsv(await readFile(file, 'utf8'));
} catch (err) {
  // Loud and before the database is touched: a malformed file imports nothing.
  if (!(err instanceof PartnerImportError)) throw err;
  process.stderr.write(`${file}: ${err.message}\nNichts importiert.\n`);
  process.exit(1);
}
const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  const r = await new PartnerService(db).import(rows, { replace: args.includes('--replace') });
  process.stdout.write(
    `${r.partners} Partner und ${r.subPartners} Unterpartner importiert (${db.engine}).\n`,
  );
} finally {
  await db.close();
}
