import { defineConfig } from 'drizzle-kit';

// One schema, one migration set; the same SQL runs on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
