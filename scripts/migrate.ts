// npm run migrate: applies the migrations to the configured database (DATABASE_URL or DATA_DIR).
import { loadCheckedConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';

const config = await loadCheckedConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  process.stdout.write(`Migrations applied (${db.engine}).\n`);
} finally {
  await db.close();
}
