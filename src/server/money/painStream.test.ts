import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { buildDirectDebitFile, type DebitLine } from './painFiles';
import { DirectDebitWriter, type DebitBlock } from './painStream';
import { xsdErrors } from './testing/xsd';

const creditor = {
  name: 'Beispiel Kautionsgesellschaft mbH',
  iban: 'DE02120300000000202051',
  creditorId: 'DE98ZZZ09999999999',
};
const at = new Date(2026, 2, 11, 6, 0, 0);

const line = (i: number, over: Partial<DebitLine>): DebitLine => ({
  endToEndId: `MK-2026-${String(i).padStart(6, '0')}-20260320-1`,
  amountCents: 525,
  dueOn: '2026-03-20',
  sequence: 'RCUR',
  mandateReference: `MK-2026-${String(i).padStart(6, '0')}-01`,
  mandateSignedOn: '2026-03-02',
  debtorName: 'Jürgen Müller & Söhne <GbR>',
  debtorIban: 'DE89370400440532013000',
  remittance: 'Beitrag Mietkautionsbürgschaft ab 20.03.2026',
  ...over,
});

/** The lines in the order the database hands them over: block by block. */
function blocksOf(lines: DebitLine[]): { ordered: DebitLine[]; blocks: DebitBlock[] } {
  const key = (l: DebitLine) => `${l.dueOn}|${l.sequence}`;
  const ordered = [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const blocks: DebitBlock[] = [];
  for (const l of ordered) {
    const last = blocks[blocks.length - 1];
    if (last && last.dueOn === l.dueOn && last.sequence === l.sequence) {
      last.count++;
      last.sumCents += l.amountCents;
    } else blocks.push({ dueOn: l.dueOn, sequence: l.sequence, count: 1, sumCents: l.amountCents });
  }
  return { ordered, blocks };
}

async function streamed(lines: DebitLine[], chunk: number) {
  const { ordered, blocks } = blocksOf(lines);
  const parts: string[] = [];
  const w = new DirectDebitWriter('MK-D-20260311-0001', at, creditor, blocks, async (p) => {
    parts.push(p);
  });
  for (let i = 0; i < ordered.length; i += chunk) await w.add(ordered.slice(i, i + chunk));
  const f = await w.end();
  return { ...f, xml: parts.join(''), parts: parts.length };
}

describe('pain.008 written in chunks (ADR 1270)', () => {
  test('the same bytes as the whole document, whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amountCents: fc.integer({ min: 1, max: 99_999_99 }),
            dueOn: fc.constantFrom('2026-03-20', '2026-03-23', '2026-04-01'),
            sequence: fc.constantFrom<'FRST' | 'RCUR'>('FRST', 'RCUR'),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 30 }),
        async (specs, chunk) => {
          const lines = specs.map((s, i) => line(i, s));
          const whole = buildDirectDebitFile(
            'MK-D-20260311-0001',
            at,
            creditor,
            blocksOf(lines).ordered,
          );
          const f = await streamed(lines, chunk);
          expect(f.xml).toBe(whole.xml);
          expect(f).toMatchObject({
            sha256: whole.sha256,
            count: whole.count,
            controlSumCents: whole.controlSumCents,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  test('a file of 2,000 lines in chunks of 250 is valid against the ISO schema', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) =>
      line(i, {
        amountCents: 100 + (i % 977),
        sequence: i % 7 === 0 ? 'FRST' : 'RCUR',
        dueOn: i % 3 === 0 ? '2026-03-23' : '2026-03-20',
      }),
    );
    const f = await streamed(lines, 250);
    expect(f.parts).toBeGreaterThan(8);
    expect(xsdErrors(f.xml, 'pain.008.001.08')).toEqual([]);
    expect(f.count).toBe(2000);
  });

  test('lines that differ from the announced totals are refused', async () => {
    const { ordered, blocks } = blocksOf([line(1, {}), line(2, {})]);
    const w = new DirectDebitWriter('MK-D-1', at, creditor, blocks, async () => {});
    await w.add(ordered.slice(0, 1));
    await expect(w.end()).rejects.toThrow(/announced/);
    const out = new DirectDebitWriter('MK-D-2', at, creditor, blocks, async () => {});
    await expect(out.add([line(3, { sequence: 'FRST' })])).rejects.toThrow(/block order/);
  });
});
