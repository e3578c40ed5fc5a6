// npm run export:partners > partners.csv
// Writes the partners and sub-partners as the import reads them (comma, UTF-8). Fields a
// spreadsheet would run as formulas are written as text (a leading apostrophe, ADR 1135).
import { PartnerService } from '../src/server/services/partners';
import { openCommandDatabase } from './support/commandDatabase';

const { db } = await openCommandDatabase({ action: 'Partner exportieren' });
try {
  for await (const line of new PartnerService(db).exportCsv()) process.stdout.write(line);
} finally {
  await db.close();
}
