import type { FormModel } from '../../domain/model/schema';
import type { Tariff } from '../../domain/tariff/rates';
import { formatEuro, ui } from '../text';
import { premiumOf } from './premium';

/** On /start, under the deposit: the premium, announced politely while the amount is typed. */
export function StartPrice({
  model,
  tariff,
  reconfigured,
}: {
  model: FormModel;
  tariff: Tariff;
  reconfigured: boolean;
}) {
  const premium = premiumOf(model, tariff, reconfigured);
  return (
    <p className="start-price" role="status" aria-live="polite">
      {premium ? (
        <>
          <strong>{ui.summary.startPrice(premium.text)}</strong>{' '}
          <span className="rate">{ui.summary.perYear(formatEuro(premium.rate.rate_per_year))}</span>
        </>
      ) : null}
    </p>
  );
}
