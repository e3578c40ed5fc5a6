import { describe, expect, test } from 'vitest';
import { BankFileError, cents, parseBankFile, readBankFile } from './bankFiles';
import { camt053, camt054, pain002 } from './testing/bankFixtures';
import { returnReasons } from './returns';

const E2E = 'MK-2026-000001-20260302-1';

describe('bank files', () => {
  test.each(Object.keys(returnReasons))('camt.054 return with reason %s', (reason) => {
    expect(parseBankFile(camt054([{ endToEndId: E2E, amount: '5.25', reason }]))).toEqual({
      format: 'camt.054',
      items: [{ endToEndId: E2E, kind: 'return', reason, amountCents: 525, feeCents: 0 }],
    });
  });
  test('a return with the bank fee', () => {
    const f = parseBankFile(
      camt054([{ endToEndId: E2E, amount: '5.25', reason: 'AM04', fee: '3.50' }]),
    );
    expect(f.items[0]).toMatchObject({ feeCents: 350, amountCents: 525 });
  });
  test('a reversal, an unknown id, NOTPROVIDED and a credit in one statement (camt.053)', () => {
    const f = parseBankFile(
      camt053([
        { endToEndId: E2E, amount: '5.25', reversal: true },
        { endToEndId: 'FOREIGN-4711', amount: '12.00', reason: 'MS03' },
        { endToEndId: 'NOTPROVIDED', amount: '1.00', credit: true },
        { endToEndId: 'MK-2026-000001-R1', amount: '4.52' },
      ]),
    );
    expect(f.format).toBe('camt.053');
    expect(f.items).toEqual([
      { endToEndId: E2E, kind: 'reversal', reason: undefined, amountCents: 525, feeCents: 0 },
      {
        endToEndId: 'FOREIGN-4711',
        kind: 'return',
        reason: 'MS03',
        amountCents: 1200,
        feeCents: 0,
      },
      { endToEndId: undefined, kind: 'credit', reason: undefined, amountCents: 100, feeCents: 0 },
      {
        endToEndId: 'MK-2026-000001-R1',
        kind: 'debit',
        reason: undefined,
        amountCents: 452,
        feeCents: 0,
      },
    ]);
  });
  test('pain.002: group rejection and single rejections', () => {
    expect(
      parseBankFile(
        pain002({ originalMessageId: 'MK-D-1', groupStatus: 'RJCT', groupReason: 'FF01' }),
      ),
    ).toEqual({
      format: 'pain.002',
      originalMessageId: 'MK-D-1',
      groupRejected: { reason: 'FF01' },
      items: [],
    });
    const part = parseBankFile(
      pain002({
        originalMessageId: 'MK-D-1',
        groupStatus: 'PART',
        rejected: [{ endToEndId: E2E, reason: 'AC01', amount: '5.25' }],
      }),
    );
    expect(part.groupRejected).toBeUndefined();
    expect(part.items).toEqual([
      { endToEndId: E2E, kind: 'return', reason: 'AC01', amountCents: 525, feeCents: 0 },
    ]);
  });
  test.each(['', '<x/>', '<Document><Other/></Document>', 'not xml <'])('%j is refused', (xml) =>
    expect(() => parseBankFile(xml)).toThrow(BankFileError),
  );
  test('a long file read in steps gives the items of the whole document, in order', () => {
    const entries = Array.from({ length: 123 }, (_, i) => ({
      endToEndId: `MK-2026-${String(i).padStart(6, '0')}-20260302-1`,
      amount: `${i + 1}.05`,
      ...(i % 7 === 0 ? { reason: 'AC04', fee: '3.00' } : i % 5 === 0 ? {} : { credit: true }),
    }));
    const xml = camt053(entries);
    const steps = readBankFile(xml);
    let turns = 0;
    while (!steps.next().done) turns++;
    expect(turns).toBeGreaterThan(1);
    // A comment sends the file through the one whole parse: the same items.
    const whole = parseBankFile(xml.replace('<Stmt>', '<Stmt><!-- whole -->'));
    expect(parseBankFile(xml)).toEqual(whole);
    expect(whole.items).toHaveLength(123);
    expect(whole.items[7]).toMatchObject({ kind: 'return', reason: 'AC04', feeCents: 300 });
    expect(whole.items[10]).toMatchObject({ kind: 'debit', amountCents: 1105 });
  });
  test('an entry left open is refused', () =>
    expect(() =>
      parseBankFile(camt054([{ endToEndId: E2E, amount: '1.00' }]).replace('</Ntry>', '')),
    ).toThrow(BankFileError));
  test.each([
    ['5.25', 525],
    ['5.2', 520],
    ['5', 500],
    ['1234567.89', 123456789],
  ])('cents(%s) = %i', (a, want) => expect(cents(a)).toBe(want));
  test.each(['5.255', '-1.00', '1,00', 'abc', ''])('cents(%j) is refused', (a) =>
    expect(() => cents(a)).toThrow(BankFileError),
  );
});
