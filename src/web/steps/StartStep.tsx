import { targetValues } from '../../domain/model/schema';
import { Amount, Check, Radio } from '../forms/bound';
import { ui } from '../text';
import type { StepBodyProps } from '../app/StepPage';

/** /start: deposit amount, target, digital guarantee (shown below 7,000 by the domain mask). */
export default function StartStep({ ctx }: StepBodyProps) {
  return (
    <>
      <p>{ui.steps.start.intro}</p>
      <Amount
        path="objective.deposit"
        hint={ctx.reconfigured ? ui.hints.depositReconfigured : ui.hints.deposit}
      />
      <Radio path="objective.target" values={targetValues} labels={ui.options.target} />
      <Check path="objective.useDigitalGuarantee" hint={ui.hints.digitalGuarantee} />
    </>
  );
}
