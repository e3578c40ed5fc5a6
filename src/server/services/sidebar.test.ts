import { describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { helpTextPaths, isFieldPath, stepIds, steps } from './rulebook';
import { readSidebarText } from './sidebar';

const shownFields = [...new Set(stepIds.flatMap((id) => steps[id].fields))].filter(
  (p) => !['security.pb', 'security.pbt', 'security.pbk'].includes(p),
);

describe('help sidebar texts', () => {
  it.each(shownFields)('has a German help text for %s', async (path) => {
    const t = await readSidebarText(path);
    expect(t?.title).toMatch(/\S/);
    expect(t?.paragraphs.join(' ').length).toBeGreaterThan(20);
  });

  // The field registry says which fields have help (ADR 0308): a new field fails here until its
  // text is written, and a renamed field leaves no stale file behind.
  it('has a help text for every field of the registry that has help', async () => {
    const missing = [];
    for (const path of helpTextPaths) if (!(await readSidebarText(path))) missing.push(path);
    expect(missing, 'write content/sidebar/<path>.md (or help: false in the registry)').toEqual([]);
  });

  it('has no help text for a name that is no field', async () => {
    const files = await readdir(new URL('../../../content/sidebar/', import.meta.url));
    const names = files.filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
    expect(names.filter((n) => !isFieldPath(n))).toEqual([]);
  });

  it('refuses names that could leave the folder', async () => {
    expect(await readSidebarText('../package')).toBeUndefined();
    expect(await readSidebarText('a/b')).toBeUndefined();
  });
});
