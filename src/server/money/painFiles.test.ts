import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirectDebitFile, buildTransferFile, sepaText, type DebitLine } from './painFiles';
import { xsdErrors } from './testing/xsd';

const creditor = {
  name: 'Beispiel Kautionsgesellschaft mbH',
  iban: 'DE02120300000000202051',
  creditorId: 'DE98ZZZ09999999999',
};
const line = (over: Partial<DebitLine> = {}): DebitLine => ({
  endToEndId: 'MK-2026-000001-20260320-1',
  amountCents: 525,
  dueOn: '2026-03-20',
  sequence: 'FRST',
  mandateReference: 'MK-2026-000001-01',
  mandateSignedOn: '2026-03-02',
  debtorName: 'Jürgen Müller',
  debtorIban: 'DE89370400440532013000',
  remittance: 'Beitrag Mietkautionsbürgschaft MK-2026-000001 ab 20.03.2026',
  ...over,
});
const at = new Date(2026, 2, 11, 6, 0, 0);

describe('pain.008.001.08', () => {
  test('matches the golden file and the ISO schema', () => {
    const f = buildDirectDebitFile('MK-D-20260311-0001', at, creditor, [
      line(),
      line({
        endToEndId: 'MK-2026-000002-20260320-1',
        sequence: 'RCUR',
        amountCents: 1337,
        debtorName: 'Anna Schmidt',
      }),
      line({ endToEndId: 'MK-2026-000003-20260316-2', dueOn: '2026-03-23', amountCents: 10 }),
    ]);
    expect(xsdErrors(f.xml, 'pain.008.001.08')).toEqual([]);
    expect(f).toMatchObject({ count: 3, controlSumCents: 1872 });
    expect(f.xml).toContain('<CtrlSum>18.72</CtrlSum>');
    expect(f.xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(f.xml).toContain('<Nm>Jürgen Müller</Nm>');
    expect(f.xml).toContain(
      '<Ustrd>Beitrag Mietkautionsbuergschaft MK-2026-000001 ab 20.03.2026</Ustrd>',
    );
    // three payment blocks: (20.03., FRST), (20.03., RCUR), (23.03., FRST)
    expect(f.xml.match(/<PmtInf>/g)).toHaveLength(3);
    const goldenPath = join(import.meta.dirname, 'testing', 'golden.pain.008.xml');
    // UPDATE_GOLDEN=1 writes the file anew (then read the diff before committing it).
    if (process.env.UPDATE_GOLDEN) writeFileSync(goldenPath, `${f.xml}\n`);
    const golden = readFileSync(goldenPath, 'utf8');
    expect(f.xml).toBe(golden.trim());
    expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
  test('random amounts: control sum and count exact to the cent, always valid', () =>
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 99_999_99 }), { minLength: 1, maxLength: 12 }),
        (amounts) => {
          const f = buildDirectDebitFile(
            'MK-D-PROP',
            at,
            creditor,
            amounts.map((a, i) => line({ amountCents: a, endToEndId: `E-${i}` })),
          );
          expect(f.controlSumCents).toBe(amounts.reduce((x, y) => x + y, 0));
          expect(xsdErrors(f.xml, 'pain.008.001.08')).toEqual([]);
        },
      ),
      { numRuns: 40 },
    ));
  test('an invalid file is caught by the schema check (the check can fail)', () => {
    const f = buildDirectDebitFile('MK-D-1', at, creditor, [line()]);
    expect(
      xsdErrors(f.xml.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>ONCE?</SeqTp>'), 'pain.008.001.08'),
    ).not.toEqual([]);
  });
});

describe('pain.001.001.09', () => {
  test('a refund batch is valid', () => {
    const f = buildTransferFile('MK-R-20260316-0001', at, '2026-03-16', creditor, [
      {
        endToEndId: 'MK-2026-000001-R1',
        amountCents: 452,
        creditorName: 'Jürgen Müller',
        creditorIban: 'DE89370400440532013000',
        remittance: 'Erstattung MK-2026-000001',
      },
    ]);
    expect(xsdErrors(f.xml, 'pain.001.001.09')).toEqual([]);
    expect(f.xml).toContain('<InstdAmt Ccy="EUR">4.52</InstdAmt>');
  });
});

test.each([
  ['Straße Ärger Öl Ütz Café', 'Strasse Aerger Oel Uetz Cafe'],
  ['a & b < c', 'a b c'],
])('sepaText(%s) = %s', (input, want) => expect(sepaText(input)).toBe(want));
