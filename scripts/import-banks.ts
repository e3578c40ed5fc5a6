// npm run import:banks -- <blz-datei.txt>
// Replaces the bank names with the Deutsche Bundesbank bank-code file (fixed width, 168 characters
// per record, ISO-8859-1), downloaded from bundesbank.de ("Bankleitzahlendateien").
import { readFile } from 'node:fs/promises';
import { loadCheckedConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { BankService, parseBundesbankFile } from '../src/server/services/banks';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Aufruf: npm run import:banks -- <blz-datei.txt>\n');
  process.exit(2);
}
const records = parseBundesbankFile(await readFile(file));
const db = await openDatabase(await loadCheckedConfig());
try {
  await migrate(db);
  const n = await new BankService(db).replaceAll(records, `bundesbank:${file.split('/').pop()}`);
  process.stdout.write(`${n} Bankleitzahlen aus der Bundesbank-Datei übernommen (${db.engine}).\n`);
} finally {
  await db.close();
}
