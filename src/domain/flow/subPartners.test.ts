import { describe, expect, test } from 'vitest';
import { subPartnerChoices } from './subPartners';

// Spec §2 /uce "also entered when a partner lookup returns data": the returned sub-partners are
// offered as a choice (ADR 0835).
describe('sub-partners of a partner lookup offered on /uce', () => {
  test.each([
    [[], []],
    [
      [
        { code: 'B-BERLIN', name: 'Beispiel Berlin' },
        { code: 'B-HAMBURG', name: 'Beispiel Hamburg' },
      ],
      [
        { code: 'B-BERLIN', name: 'Beispiel Berlin' },
        { code: 'B-HAMBURG', name: 'Beispiel Hamburg' },
      ],
    ],
    // A partner hiding its codes: names only, nothing to choose.
    [[{ name: 'Verwaltung Nord' }], []],
    [[{ code: ' X1 ', name: '' }], [{ code: 'X1', name: 'X1' }]],
    [
      [{ code: 'A', name: 'Eins' }, { code: 'A', name: 'Zwei' }, null, 'B', { code: 7 }],
      [{ code: 'A', name: 'Eins' }],
    ],
  ] as [unknown[], unknown][])('%j -> %j', (data, choices) => {
    expect(subPartnerChoices(data)).toEqual(choices);
  });
});
