import { expect, test } from 'vitest';
import { withdrawalMoneySentences } from '../messages/withdrawalMoney';
import { withdrawalMoney, type DebitUnderway } from './withdrawal';

const debit = (stage: DebitUnderway['stage'], dueOn = '2026-03-16'): DebitUnderway => ({
  amountCents: 525,
  dueOn,
  stage,
});

test.each([
  [0, [], ['Bei uns sind noch keine Beiträge eingegangen; wir buchen auch keine mehr ab.']],
  [
    1050,
    [],
    [
      'Bereits gezahlte Beiträge von 10,50 € erstatten wir Ihnen innerhalb von 14 Tagen auf Ihr Konto. Weitere Beiträge buchen wir nicht ab.',
    ],
  ],
  [
    0,
    [debit('submitted')],
    [
      'Bei uns sind bisher keine Beiträge eingegangen.',
      'Die Lastschrift über 5,25 € zum 16.03.2026 hatten wir Ihrer Bank schon vor Ihrem Widerruf eingereicht; sie kann Ihr Konto noch belasten.',
      'Geht ein solcher Betrag bei uns ein, erstatten wir ihn innerhalb von 14 Tagen nach Eingang auf Ihr Konto. Darüber hinaus buchen wir keine Beiträge mehr ab.',
    ],
  ],
  [
    525,
    [debit('prepared', '2026-04-16'), debit('submitted')],
    [
      'Bereits gezahlte Beiträge von 5,25 € erstatten wir Ihnen innerhalb von 14 Tagen auf Ihr Konto.',
      'Die Lastschrift über 5,25 € zum 16.03.2026 hatten wir Ihrer Bank schon vor Ihrem Widerruf eingereicht; sie kann Ihr Konto noch belasten.',
      'Die Lastschrift über 5,25 € zum 16.04.2026 war bei Ihrem Widerruf schon für Ihre Bank vorbereitet; sie kann Ihr Konto noch belasten.',
      'Geht ein solcher Betrag bei uns ein, erstatten wir ihn innerhalb von 14 Tagen nach Eingang auf Ihr Konto. Darüber hinaus buchen wir keine Beiträge mehr ab.',
    ],
  ],
] as const)('refund %i, underway %o', (refundCents, underway, sentences) =>
  expect(withdrawalMoneySentences(withdrawalMoney({ refundCents, underway }))).toEqual(sentences),
);

test('"wir buchen auch keine mehr ab" only when no debit can still reach the account', () => {
  for (const underway of [[debit('prepared')], [debit('submitted')]])
    expect(
      withdrawalMoneySentences(withdrawalMoney({ refundCents: 0, underway })).join(' '),
    ).not.toContain('keine mehr ab');
});
