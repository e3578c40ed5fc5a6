import type { FormModel } from '../../domain/model/schema';
import { preselectedDelivery } from '../../domain/flow/preselect';
import type { Tariff } from '../../domain/tariff/rates';
import { formatEuro, ui } from '../text';
import { premiumOf } from './premium';

/** The same delivery the payment step preselects (domain/flow/preselect.ts). */
function deliveryOf(model: FormModel): string {
  const deliverTo = preselectedDelivery(model);
  if (deliverTo === 'digital') return ui.summary.digital;
  if (deliverTo === 'landlordAddress') return ui.summary.postToLandlord;
  if (deliverTo) return ui.summary.postToTenant;
  return ui.summary.post;
}

/** Every step after /start: deposit, premium with frequency and delivery, in one short box. */
export default function PriceSummary({
  model,
  tariff,
  reconfigured,
}: {
  model: FormModel;
  tariff: Tariff;
  reconfigured: boolean;
}) {
  const premium = premiumOf(model, tariff, reconfigured);
  const deposit = model.objective.deposit;
  if (!premium || typeof deposit !== 'number') return null;
  return (
    <aside className="price-summary" aria-labelledby="price-summary-title">
      <h2 id="price-summary-title" className="visually-hidden">
        {ui.summary.title}
      </h2>
      <dl>
        <div>
          <dt>{ui.summary.deposit}</dt>
          <dd>{formatEuro(deposit)}</dd>
        </div>
        <div>
          <dt>{ui.summary.premium}</dt>
          <dd>{premium.text}</dd>
        </div>
        <div>
          <dt>{ui.summary.delivery}</dt>
          <dd>{deliveryOf(model)}</dd>
        </div>
      </dl>
    </aside>
  );
}
