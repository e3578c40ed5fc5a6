import { useEffect, useRef } from 'react';
import { deliveryContradictsWish } from '../../domain/flow/preselect';
import { targetValues } from '../../domain/model/schema';
import { Amount, Check, Radio } from '../forms/bound';
import { ui } from '../text';
import type { StepBodyProps } from '../app/StepPage';
import { StartPrice } from '../app/StartPrice';
import { useServices } from '../app/services';
import { useApplication } from '../state/application';

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
      <StartPrice model={model} tariff={config.tariff} reconfigured={ctx.reconfigured} />
      <Radio path="objective.target" values={targetValues} labels={ui.options.target} />
      <Check path="objective.useDigitalGuarantee" hint={ui.hints.digitalGuarantee} />
    </>
  );
}
