import { describe, expect, test } from 'vitest';
import { LegalTextError, parseLegalText, type OperatorDetails } from './parse';
import { legalPagePath, legalSlugOfPath, legalSlugs } from './slugs';

const operator: OperatorDetails = {
  name: 'Muster AG',
  street: 'Weg 1',
  zipCity: '10115 Berlin',
  email: 'info@muster.example',
  phone: '030 1',
  register: 'HRB 1',
  vatId: 'DE123',
  representatives: 'Erika Muster',
  supervisor: 'BaFin',
  sepaCreditorId: 'DE98ZZZ09999999999',
};

describe('parseLegalText', () => {
  test.each([
    ['title only', '# Impressum', { title: 'Impressum', blocks: [] }],
    [
      'headings, paragraph with kept line break, bold',
      '# T\n\n## Anbieter\n\n{{operator.name}}\n{{operator.street}}\n\n### Kontakt\n\nE-Mail: **{{operator.email}}**',
      {
        title: 'T',
        blocks: [
          { kind: 'heading', level: 2, content: [{ text: 'Anbieter' }] },
          { kind: 'paragraph', content: [{ text: 'Muster AG\nWeg 1' }] },
          { kind: 'heading', level: 3, content: [{ text: 'Kontakt' }] },
          {
            kind: 'paragraph',
            content: [{ text: 'E-Mail: ' }, { text: 'info@muster.example', bold: true }],
          },
        ],
      },
    ],
    [
      'a dash list',
      '# T\n\n- eins\n- **zwei** drei\n',
      {
        title: 'T',
        blocks: [
          {
            kind: 'list',
            items: [[{ text: 'eins' }], [{ text: 'zwei', bold: true }, { text: ' drei' }]],
          },
        ],
      },
    ],
    [
      'HTML and links stay plain text (never markup)',
      '# T\n\n<script>alert(1)</script>\n\nSiehe [hier](https://x.example).',
      {
        title: 'T',
        blocks: [
          { kind: 'paragraph', content: [{ text: '<script>alert(1)</script>' }] },
          { kind: 'paragraph', content: [{ text: 'Siehe hier.' }] },
        ],
      },
    ],
  ])('%s', (_name, md, expected) => {
    expect(parseLegalText(md, operator)).toEqual(expected);
  });

  test('a configured value cannot add markup', () => {
    const doc = parseLegalText('# T\n\n{{operator.name}}', { ...operator, name: '**fett** <b>' });
    expect(doc.blocks).toEqual([{ kind: 'paragraph', content: [{ text: '**fett** <b>' }] }]);
  });

  test.each([
    ['no title', 'Text ohne Titel'],
    ['two titles', '# A\n\n# B'],
    ['unknown placeholder', '# A\n\n{{operator.ceo}}'],
  ])('refuses %s', (_name, md) => {
    expect(() => parseLegalText(md, operator)).toThrow(LegalTextError);
  });
});

describe('legal page paths', () => {
  test.each([
    ['impressum', '/impressum'],
    ['datenschutz', '/datenschutz'],
    ['kontakt', '/kontakt'],
    ['versicherungsbedingungen', '/dokumente/versicherungsbedingungen'],
    ['verbraucherinformationen', '/dokumente/verbraucherinformationen'],
    ['widerrufsbelehrung', '/dokumente/widerrufsbelehrung'],
  ] as const)('%s -> %s', (slug, path) => {
    expect(legalPagePath(slug)).toBe(path);
    expect(legalSlugOfPath(path)).toBe(slug);
  });
  test('every slug has a path; unknown paths have no slug', () => {
    expect(legalSlugs.map(legalPagePath)).toHaveLength(6);
    expect(legalSlugOfPath('/dokumente/agb')).toBeUndefined();
    expect(legalSlugOfPath('/start')).toBeUndefined();
  });
});
