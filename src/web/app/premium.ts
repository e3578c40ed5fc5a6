import { depositMax, depositMaxReconfigured, depositMin } from '../../domain/rules/limits';
import type { FormModel, PaymentConditions } from '../../domain/model/schema';
import { rates, type Rate, type Tariff } from '../../domain/tariff/rates';
import { formatEuro, ui } from '../text';

/**
 * The premium as soon as a valid deposit is entered, computed with the domain tariff the server
 * is configured with (GET /api/config): no request, so it follows every keystroke. Without a
 * chosen frequency the lowest amount per payment is shown ('ab 5,51 € monatlich').
 */
export function premiumOf(
  model: FormModel,
  tariff: Tariff,
  reconfigured: boolean,
): { text: string; rate: Rate } | undefined {
  const deposit = model.objective.deposit;
  const max = reconfigured ? depositMaxReconfigured : depositMax;
  if (typeof deposit !== 'number' || !Number.isFinite(deposit)) return undefined;
  if (deposit < depositMin || deposit > max) return undefined;
  const all = rates(deposit, tariff);
  const chosen = model.objective.paymentConditions as PaymentConditions | undefined;
  const rate = chosen ? all[chosen] : all[12];
  const amount = formatEuro(rate.rate_per_payment);
  return {
    rate,
    text: chosen
      ? ui.summary.exact(amount, rate.i18n_adverb)
      : ui.summary.from(amount, rate.i18n_adverb),
  };
}
