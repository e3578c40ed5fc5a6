import { targetValues } from '../../domain/model/schema';
import { Amount, Check, Radio } from '../forms/bound';

/** /start: deposit amount, target, digital guarantee (shown below 7,000 by the domain mask). */
export default function StartStep() {
  return (
    <>
      <Amount path="objective.deposit" />
      <Radio path="objective.target" values={targetValues} />
      <Check path="objective.useDigitalGuarantee" />
    </>
  );
}
