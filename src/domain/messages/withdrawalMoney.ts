import type { WithdrawalMoney } from '../money/withdrawal';
import { formatCents, formatIsoDate } from './format';

/**
 * The one catalogue of what a withdrawal does with the tenant's money: the confirmation e-mail,
 * the withdrawal page and the contract page read these sentences; the domain's
 * `withdrawalMoney` decides which apply.
 */
const withdrawalMoneyTexts = {
  nothing: 'Bei uns sind noch keine Beiträge eingegangen; wir buchen auch keine mehr ab.',
  refund: (amount: string) =>
    `Bereits gezahlte Beiträge von ${amount} erstatten wir Ihnen innerhalb von 14 Tagen auf Ihr Konto. Weitere Beiträge buchen wir nicht ab.`,
  refundOnly: (amount: string) =>
    `Bereits gezahlte Beiträge von ${amount} erstatten wir Ihnen innerhalb von 14 Tagen auf Ihr Konto.`,
  nothingYet: 'Bei uns sind bisher keine Beiträge eingegangen.',
  submitted: (amount: string, on: string) =>
    `Die Lastschrift über ${amount} zum ${on} hatten wir Ihrer Bank schon vor Ihrem Widerruf eingereicht; sie kann Ihr Konto noch belasten.`,
  prepared: (amount: string, on: string) =>
    `Die Lastschrift über ${amount} zum ${on} war bei Ihrem Widerruf schon für Ihre Bank vorbereitet; sie kann Ihr Konto noch belasten.`,
  underwayRefund:
    'Geht ein solcher Betrag bei uns ein, erstatten wir ihn innerhalb von 14 Tagen nach Eingang auf Ihr Konto. Darüber hinaus buchen wir keine Beiträge mehr ab.',
} as const;

/** The sentences for one withdrawal, in reading order. */
export function withdrawalMoneySentences(m: WithdrawalMoney): string[] {
  const t = withdrawalMoneyTexts;
  switch (m.kind) {
    case 'nothing':
      return [t.nothing];
    case 'refund':
      return [t.refund(formatCents(m.refundCents))];
    case 'underway':
      return [
        m.refundCents > 0 ? t.refundOnly(formatCents(m.refundCents)) : t.nothingYet,
        ...m.debits.map((d) => t[d.stage](formatCents(d.amountCents), formatIsoDate(d.dueOn))),
        t.underwayRefund,
      ];
  }
}
