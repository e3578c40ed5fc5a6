import { describe, expect, it } from 'vitest';
import { stepIds, steps } from './rulebook';
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

  it('refuses names that could leave the folder', async () => {
    expect(await readSidebarText('../package')).toBeUndefined();
    expect(await readSidebarText('a/b')).toBeUndefined();
  });
});
