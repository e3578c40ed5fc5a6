import { Suspense, useEffect, useRef } from 'react';
import { deliveryContradictsWish } from '../../domain/flow/preselect';
import { targetValues } from '../../domain/model/schema';
import { Amount, Check, Radio } from '../forms/bound';
import { ui } from '../text';
import type { StepBodyProps } from '../app/StepPage';
import { StartPrice } from '../app/StartPrice';
import { useServices } from '../app/services';
import { useApplication } from '../state/application';
import { onlineMaximum } from '../../domain/requests/guaranteeRequest';
import { lazyRoute } from '../app/lazyRoute';

// Only above the maximum deposit: its own chunk, outside the first step's JS budget (ADR 0807).
const IndividualGuaranteeRequest = lazyRoute(() => import('./IndividualGuaranteeRequest'));

/** /start: deposit amount, target, digital guarantee (shown below 7,000 by the domain mask). */
export default function StartStep({ ctx }: StepBodyProps) {
  const { model, setField } = useApplication();
  const { config } = useServices();
  // A change of the digital wish empties a delivery chosen before that contradicts it; the
  // payment step then preselects from the wish again (issue 27).
  const wish = model.objective.useDigitalGuarantee;
  const previousWish = useRef(wish);
  const contradicts = deliveryContradictsWish(model);
  useEffect(() => {
    if (previousWish.current === wish) return;
    previousWish.current = wish;
    if (contradicts) setField('objective.deliverTo', undefined);
  }, [wish, contradicts, setField]);
  return (
    <>
      <p>{ui.steps.start.intro}</p>
      <Amount
        path="objective.deposit"
        hint={ctx.reconfigured ? ui.hints.depositReconfigured : ui.hints.deposit}
      />
      {typeof model.objective.deposit === 'number' &&
      model.objective.deposit > onlineMaximum(ctx.reconfigured) ? (
        <Suspense fallback={null}>
          <IndividualGuaranteeRequest
            deposit={model.objective.deposit}
            reconfigured={ctx.reconfigured}
          />
        </Suspense>
      ) : null}
      <StartPrice model={model} tariff={config.tariff} reconfigured={ctx.reconfigured} />
      <Radio path="objective.target" values={targetValues} labels={ui.options.target} />
      <Check path="objective.useDigitalGuarantee" hint={ui.hints.digitalGuarantee} />
    </>
  );
}
