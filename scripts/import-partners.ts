// npm run import:partners -- <file.csv> [--replace]
// Imports partners and sub-partners (CSV: partner_code,partner_name,sub_partner_code,
// sub_partner_name,hide_partner_code; comma or semicolon) into the configured database
// (DATABASE_URL or DATA_DIR). A malformed file is refused with its line number; nothing is imported.
import { createReadStream, existsSync } from 'node:fs';
import { loadCheckedConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import {
  PartnerImportError,
  PartnerService,
  streamPartnerCsv,
} from '../src/server/services/partners';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('Aufruf: npm run import:partners -- <datei.csv> [--replace]\n');
  process.exit(2);
}
if (!existsSync(file)) {
  process.stderr.write(`${file}: Datei nicht gefunden.\nNichts importiert.\n`);
  process.exit(1);
}
// Read as a stream, twice (ADR 1135): a file of any size needs the memory of a batch. The first
// pass only checks, loud and before the database is touched: a malformed file imports nothing.
const rows = () => streamPartnerCsv(() => createReadStream(file));
try {
  for await (const _row of rows());
} catch (err) {
  if (!(err instanceof PartnerImportError)) throw err;
  process.stderr.write(`${file}: ${err.message}\nNichts importiert.\n`);
  process.exit(1);
}
process.umask(0o077);
const db = await openDatabase(await loadCheckedConfig());
try {
  await migrate(db);
  const r = await new PartnerService(db).import(rows(), { replace: args.includes('--replace') });
  process.stdout.write(
    `${r.partners} Partner und ${r.subPartners} Unterpartner importiert (${db.engine}).\n`,
  );
} finally {
  await db.close();
}
