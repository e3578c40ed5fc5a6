import { expect, test } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { nextDunningStep, type DunningInput } from './dunning';

const base: DunningInput = {
  today: '2026-04-01',
  dueCents: 525,
  notices: [],
  decisionOpen: false,
  paused: false,
};

test.each([
  [{}, { kind: 'reminder', level: 1, deadline: '2026-04-15' }],
  [{ dueCents: 0 }, { kind: 'none' }],
  [{ paused: true }, { kind: 'none' }],
  [{ notices: [{ level: 1, deadline: '2026-04-01' }] }, { kind: 'none' }], // the deadline day itself
  [
    { notices: [{ level: 1, deadline: '2026-03-31' }] },
    { kind: 'reminder', level: 2, deadline: '2026-04-15' },
  ],
  [
    {
      notices: [
        { level: 1, deadline: '2026-03-01' },
        { level: 2, deadline: '2026-03-31' },
      ],
    },
    { kind: 'decision' },
  ],
  [
    {
      notices: [
        { level: 1, deadline: '2026-03-01' },
        { level: 2, deadline: '2026-03-31' },
      ],
      decisionOpen: true,
    },
    { kind: 'none' },
  ],
] as const)('%o → %o', (over, want) =>
  expect(nextDunningStep({ ...base, ...over } as DunningInput)).toEqual(want),
);

test('a deadline is always at least two weeks after the reminder', () =>
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 3000 }), (n) => {
      const today = addDays('2026-01-01', n);
      const s = nextDunningStep({ ...base, today });
      expect(s.kind === 'reminder' && s.deadline >= addDays(today, 14)).toBe(true);
    }),
  ));
