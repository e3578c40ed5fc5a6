import { expect, test } from 'vitest';
import domainRules from '../../../docs/domain-rules.md?raw';
import wireFormats from '../../../docs/wire-formats.md?raw';
import { docsTables, withGeneratedTables } from './docsTables';

// The domain reads no files (eslint): vite's ?raw import hands the committed docs to the test.
const committed: Record<string, string> = {
  'docs/wire-formats.md': wireFormats,
  'docs/domain-rules.md': domainRules,
};

test.each(Object.keys(docsTables))(
  '%s holds the tables the field registry generates (else: npx tsx scripts/docs-tables.ts)',
  (file) => {
    const text = committed[file]!;
    expect(withGeneratedTables(text, docsTables[file]!)).toBe(text);
  },
);

test('a missing marker is an error, not a silently stale table', () => {
  expect(() => withGeneratedTables('no markers', docsTables['docs/domain-rules.md']!)).toThrow(
    /max-lengths/,
  );
});
