import { describe, expect, it } from 'vitest';
import {
  answerDaysLeft,
  answerPeriod,
  berlinDayStart,
  claimActsDue,
  decisionProblem,
  mayAnswer,
  nextClaimState,
  nextItemState,
  parseEuroCents,
  parseMonth,
  readClaimAnswer,
  readClaimFiling,
  remainingCents,
  type ClaimFieldError,
} from './index';
import { claimErrorCodes } from './validate';
import { claimErrorText } from '../messages/claims';

const good = {
  items: [
    {
      kind: 'rent_arrears',
      months: [
        { month: '09.2026', amount: '850,00' },
        { month: '2026-10', amount: '850' },
      ],
    },
    {
      kind: 'utility_costs',
      period: '2026',
      monthlyPrepayment: '180,00',
      amount: '540,00',
      settlementPending: true,
    },
    {
      kind: 'damage',
      description: 'Parkett im Wohnzimmer zerkratzt',
      amount: '1.200,50',
      handoverProtocol: true,
    },
  ],
  iban: 'DE89 3704 0044 0532 0130 00',
  accountHolder: 'Erika Vermieterin',
  email: 'Vermieterin@Beispiel.de',
  declaration: true,
};
// The good claim's total exactly: the total may reach the remaining amount, never exceed it.
const opts = { today: '2026-11-26', remainingCents: 344_050 };

describe('readClaimFiling', () => {
  it('reads a good claim into cents, sorted months and the electronic IBAN', () => {
    const r = readClaimFiling(good, opts);
    expect(r.errors).toBeUndefined();
    expect(r.filing).toEqual({
      items: [
        {
          kind: 'rent_arrears',
          claimedCents: 170_000,
          details: {
            months: [
              { month: '2026-09', amountCents: 85_000 },
              { month: '2026-10', amountCents: 85_000 },
            ],
          },
        },
        {
          kind: 'utility_costs',
          claimedCents: 54_000,
          details: { period: '2026', monthlyPrepaymentCents: 18_000, settlementPending: true },
        },
        {
          kind: 'damage',
          claimedCents: 120_050,
          details: { description: 'Parkett im Wohnzimmer zerkratzt', handoverProtocol: true },
        },
      ],
      totalCents: 344_050,
      iban: 'DE89370400440532013000',
      accountHolder: 'Erika Vermieterin',
      email: 'vermieterin@beispiel.de',
      declaredDue: true,
    });
  });

  const bad: [string, (g: typeof good) => unknown, ClaimFieldError[]][] = [
    ['no items', (g) => ({ ...g, items: [] }), [{ field: 'items', code: 'required' }]],
    [
      'eleven items',
      (g) => ({ ...g, items: Array(11).fill(g.items[2]) }),
      [{ field: 'items', code: 'tooMany' }],
    ],
    [
      'unknown kind',
      (g) => ({ ...g, items: [{ kind: 'deposit' }] }),
      [{ field: 'items.0.kind', code: 'kindUnknown' }],
    ],
    [
      'no months',
      (g) => ({ ...g, items: [{ kind: 'rent_arrears', months: [] }] }),
      [{ field: 'items.0.months', code: 'required' }],
    ],
    [
      'month in the future, bad amount',
      (g) => ({
        ...g,
        items: [{ kind: 'rent_arrears', months: [{ month: '12.2026', amount: '85o' }] }],
      }),
      [
        { field: 'items.0.months.0.month', code: 'monthInFuture' },
        { field: 'items.0.months.0.amount', code: 'invalid' },
      ],
    ],
    [
      'month twice, zero, missing',
      (g) => ({
        ...g,
        items: [
          {
            kind: 'rent_arrears',
            months: [
              { month: '10.2026', amount: '1' },
              { month: '2026-10', amount: '0,00' },
              { month: '', amount: '' },
            ],
          },
        ],
      }),
      [
        { field: 'items.0.months.1.month', code: 'monthTwice' },
        { field: 'items.0.months.1.amount', code: 'amountZero' },
        { field: 'items.0.months.2.month', code: 'required' },
        { field: 'items.0.months.2.amount', code: 'required' },
      ],
    ],
    [
      'month 13',
      (g) => ({
        ...g,
        items: [{ kind: 'rent_arrears', months: [{ month: '13.2026', amount: '1' }] }],
      }),
      [{ field: 'items.0.months.0.month', code: 'invalid' }],
    ],
    [
      'utility costs above three prepayments while pending',
      (g) => ({ ...g, items: [{ ...g.items[1], amount: '540,01' }] }),
      [{ field: 'items.0.amount', code: 'overUtilityCap', cents: 54_000 }],
    ],
    [
      'utility costs without period and prepayment',
      (g) => ({ ...g, items: [{ kind: 'utility_costs', amount: '100' }] }),
      [
        { field: 'items.0.period', code: 'required' },
        { field: 'items.0.monthlyPrepayment', code: 'required' },
      ],
    ],
    [
      'damage without protocol, description with a control character',
      (g) => ({
        ...g,
        items: [
          { kind: 'damage', description: 'Kratzer\u0007', amount: '100', handoverProtocol: false },
        ],
      }),
      [
        { field: 'items.0.description', code: 'invalidCharacters' },
        { field: 'items.0.handoverProtocol', code: 'protocolRequired' },
      ],
    ],
    [
      'damage amount too high',
      (g) => ({ ...g, items: [{ ...g.items[2], amount: '100.000,01' }] }),
      [{ field: 'items.0.amount', code: 'amountTooHigh' }],
    ],
    [
      'total a cent above the remaining amount',
      (g) => ({ ...g, items: [g.items[0], g.items[1], { ...g.items[2], amount: '1.200,51' }] }),
      [{ field: 'items', code: 'overRemaining', cents: 344_050 }],
    ],
    [
      'IBAN wrong check digits',
      (g) => ({ ...g, items: [g.items[2]], iban: 'DE88370400440532013000' }),
      [{ field: 'iban', code: 'invalid' }],
    ],
    [
      'IBAN missing, holder missing',
      (g) => ({ ...g, items: [g.items[2]], iban: ' ', accountHolder: '' }),
      [
        { field: 'accountHolder', code: 'required' },
        { field: 'iban', code: 'required' },
      ],
    ],
    [
      'e-mail and declaration',
      (g) => ({ ...g, items: [g.items[2]], email: 'a@b', declaration: false }),
      [
        { field: 'email', code: 'invalid' },
        { field: 'declaration', code: 'declarationRequired' },
      ],
    ],
  ];
  it.each(bad)('refuses %s', (_name, change, errors) => {
    const r = readClaimFiling(change(good), opts);
    expect(r.errors).toEqual(errors);
  });

  it('takes utility costs of a settlement already sent without the cap', () => {
    const r = readClaimFiling(
      { ...good, items: [{ ...good.items[1], amount: '900,00', settlementPending: false }] },
      opts,
    );
    expect(r.filing?.totalCents).toBe(90_000);
  });
});

describe('messages', () => {
  it('has a German sentence for every code on every field it can stand on', () => {
    const fields = [
      'items',
      'items.0.kind',
      'items.0.months.0.month',
      'items.0.amount',
      'iban',
      'email',
      'reason',
      'counterAmount',
      'declaration',
    ];
    for (const code of claimErrorCodes)
      for (const field of fields) {
        const text = claimErrorText({ field, code, cents: 54_000 });
        expect(text, `${field} ${code}`).toMatch(/^[A-ZÄÖÜ].*\.$/);
      }
    expect(claimErrorText({ field: 'items.0.amount', code: 'overUtilityCap', cents: 54_000 })).toBe(
      'Solange die Nebenkostenabrechnung aussteht, sind höchstens drei monatliche Vorauszahlungen gesichert: 540,00 €.',
    );
  });
});

describe('readClaimAnswer', () => {
  const cases: [string, unknown, ReturnType<typeof readClaimAnswer>][] = [
    ['accept', { itemId: 'a', answer: 'accept' }, { answer: { itemId: 'a', answer: 'accept' } }],
    [
      'object with reason',
      { itemId: 'a', answer: 'object', reason: ' Schaden war schon da ' },
      { answer: { itemId: 'a', answer: 'object', reason: 'Schaden war schon da' } },
    ],
    [
      'object without reason',
      { itemId: 'a', answer: 'object' },
      { errors: [{ field: 'reason', code: 'required' }] },
    ],
    [
      'object with a short reason',
      { itemId: 'a', answer: 'object', reason: 'nein' },
      { errors: [{ field: 'reason', code: 'tooShort' }] },
    ],
    [
      'counter lower',
      { itemId: 'a', answer: 'counter', counterAmount: '300,00' },
      { answer: { itemId: 'a', answer: 'counter', counterCents: 30_000 } },
    ],
    [
      'counter not lower',
      { itemId: 'a', answer: 'counter', counterAmount: '540' },
      { errors: [{ field: 'counterAmount', code: 'counterNotLower', cents: 54_000 }] },
    ],
    ['no answer', { itemId: 'a' }, { errors: [{ field: 'answer', code: 'required' }] }],
  ];
  it.each(cases)('%s', (_n, input, expected) => {
    expect(readClaimAnswer(input, 54_000)).toEqual(expected);
  });
});

describe('amounts', () => {
  it.each([
    ['850', 85_000],
    ['850,5', 85_050],
    ['1.234,56', 123_456],
    ['1234.56', 123_456],
    [' 12 € ', 1_200],
    ['1.5', 150],
  ])('parses %s', (raw, cents) => expect(parseEuroCents(raw)).toBe(cents));
  it.each(['', 'abc', '1,234', '1,2,3', '-5', '1.23.4'])('refuses %j', (raw) =>
    expect(parseEuroCents(raw)).toBeUndefined(),
  );
  it.each([
    ['10.2026', '2026-10'],
    ['1/2026', '2026-01'],
    ['2026-03', '2026-03'],
    ['0.2026', undefined],
    ['2026', undefined],
  ])('month %s', (raw, month) => expect(parseMonth(raw)).toBe(month));

  it('holds claimed, decided, then paid amounts of the guarantee', () => {
    const items = [
      { state: 'open' as const, claimedCents: 100_000 },
      { state: 'decided' as const, claimedCents: 50_000, decidedCents: 20_000 },
      { state: 'paid' as const, claimedCents: 30_000, decidedCents: 30_000, paidCents: 30_000 },
      { state: 'closed' as const, claimedCents: 40_000, decidedCents: 0, paidCents: 0 },
    ];
    expect(remainingCents(300_000, items)).toBe(150_000);
    expect(remainingCents(100_000, items)).toBe(0);
  });

  it.each([
    [20_000, undefined],
    [20_001, 'above_claimed'],
    [-1, 'negative'],
    [1.5, 'not_whole_cents'],
  ] as const)('decision %s', (cents, problem) => {
    expect(decisionProblem({ state: 'objected', claimedCents: 20_000 }, cents, 100_000, [])).toBe(
      problem,
    );
  });
  it('refuses a decision above what the guarantee has left', () => {
    const others = [{ state: 'paid' as const, claimedCents: 90_000, paidCents: 90_000 }];
    expect(
      decisionProblem({ state: 'objected', claimedCents: 20_000 }, 10_001, 100_000, others),
    ).toBe('above_guarantee');
    expect(
      decisionProblem({ state: 'objected', claimedCents: 20_000 }, 10_000, 100_000, others),
    ).toBeUndefined();
  });
});

describe('transition tables', () => {
  it.each([
    ['open', 'accept', 'accepted'],
    ['open', 'object', 'objected'],
    ['open', 'counter', 'countered'],
    ['open', 'expire', 'expired'],
    ['open', 'decide', undefined],
    ['expired', 'accept', undefined],
    ['expired', 'decide', 'decided'],
    ['decided', 'pay', 'paid'],
    ['paid', 'recover', 'recovered'],
    ['recovered', 'close', 'closed'],
    ['closed', 'pay', undefined],
  ] as const)('item %s --%s--> %s', (from, act, to) => expect(nextItemState(from, act)).toBe(to));

  it.each([
    ['filed', 'notify', 'notified'],
    ['notified', 'answer', 'answered'],
    ['notified', 'expire', 'expired'],
    ['filed', 'answer', undefined],
    ['answered', 'expire', undefined],
    ['decided', 'pay', 'paid'],
    ['closed', 'close', undefined],
  ] as const)('claim %s --%s--> %s', (from, act, to) => expect(nextClaimState(from, act)).toBe(to));

  it('derives the claim acts its items call for', () => {
    expect(claimActsDue('notified', [{ state: 'accepted' }, { state: 'open' }])).toEqual([]);
    expect(claimActsDue('notified', [{ state: 'accepted' }, { state: 'objected' }])).toEqual([
      'answer',
    ]);
    expect(claimActsDue('notified', [{ state: 'paid' }, { state: 'closed' }])).toEqual([
      'answer',
      'decide',
      'pay',
    ]);
    expect(claimActsDue('expired', [{ state: 'closed' }])).toEqual(['decide', 'close']);
    expect(claimActsDue('notified', [{ state: 'accepted' }, { state: 'expired' }])).toEqual([
      'expire',
    ]);
  });
});

describe('answer period', () => {
  it('runs 14 days from the day after the notification, Berlin time', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    const p = answerPeriod(at);
    expect(p.dueOn).toBe('2026-12-10');
    expect(p.endsAt.toISOString()).toBe('2026-12-10T23:00:00.000Z');
    expect(p.remindAt.map((d) => d.toISOString())).toEqual([
      '2026-12-03T10:00:00.000Z',
      '2026-12-08T10:00:00.000Z',
    ]);
    expect(answerDaysLeft(at, at)).toBe(14);
    expect(answerDaysLeft(at, new Date('2026-12-10T22:59:59Z'))).toBe(0);
    expect(mayAnswer(at, new Date('2026-12-10T22:59:59Z'))).toBe(true);
    expect(mayAnswer(at, new Date('2026-12-10T23:00:00Z'))).toBe(false);
    expect(answerDaysLeft(at, new Date('2026-12-10T23:00:00Z'))).toBeUndefined();
  });
  it('finds midnight in summer time too', () => {
    expect(berlinDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(berlinDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
  it('counts a notification just before midnight as that day', () => {
    expect(answerPeriod(new Date('2026-11-26T22:59:00Z')).dueOn).toBe('2026-12-10');
    expect(answerPeriod(new Date('2026-11-26T23:00:00Z')).dueOn).toBe('2026-12-11');
  });
});
