// Writes the per-field tables of the docs from the field registry (ADR 0308):
// `npx tsx scripts/docs-tables.ts`. src/domain/fields/docsTables.test.ts fails until they match.
import { readFileSync, writeFileSync } from 'node:fs';
import { docsTables, withGeneratedTables } from '../src/domain/fields/docsTables';

for (const [file, tables] of Object.entries(docsTables)) {
  const before = readFileSync(file, 'utf8');
  const after = withGeneratedTables(before, tables);
  if (after !== before) writeFileSync(file, after);
  console.log(`${file}: ${after === before ? 'up to date' : 'written'}`);
}
