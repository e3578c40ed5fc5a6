import { preinsuranceQuitByValues } from '../../domain/model/schema';
import type { StepBodyProps } from '../app/StepPage';
import { AddressFields } from '../forms/AddressFields';
import { Amount, DateText, Radio, Text, YesNo } from '../forms/bound';
import { isBlockingExclusion } from '../../domain/rules/validate';
import { useApplication } from '../state/application';
import { useStepForm } from '../state/stepForm';
import { optionLabels, ui } from '../text';
import StartStep from './StartStep';

/**
 * /object: address, dates, cold rent, fixed term, the risk questions and the extra questions.
 * A terminated contract blocks with the catalogue's message (the rule keeps forward blocked).
 * Reconfigured mode: the start fields come first on the same page.
 */
export default function ObjectStep({ ctx }: StepBodyProps) {
  const form = useStepForm();
  const excluded = isBlockingExclusion(useApplication().model);
  return (
    <>
      {ctx.reconfigured && form.mask.includes('objective.deposit') ? <StartStep ctx={ctx} /> : null}
      <AddressFields prefix="object" />
      <DateText path="object.contractSignDate" hint={ui.hints.date} />
      <DateText path="object.moveInDate" hint={ui.hints.date} />
      <Amount path="object.coldRent" />
      <YesNo path="object.isContractLimited" />
      <DateText path="object.contractLimitDate" hint={ui.hints.date} />
      <h2>{ui.steps.object.riskTitle}</h2>
      <YesNo path="object.isContractTerminated" />
      {excluded ? (
        <div className="notice notice--error" role="alert">
          <p>{ui.excluded.terminated}</p>
        </div>
      ) : null}
      <YesNo path="object.isRentPaidUnpunctual" />
      <YesNo path="object.isDepositPaidCompletely" />
      <YesNo path="object.isDepositConsumed" />
      <YesNo path="object.isObjectDamaged" />
      <h2>{ui.steps.object.extraQuestionsTitle}</h2>
      <YesNo path="object.hasPreinsurance" />
      <Text path="object.preinsuranceCompany" />
      <Text path="object.preinsuranceId" />
      <Radio
        path="object.preinsuranceQuitBy"
        values={preinsuranceQuitByValues}
        labels={optionLabels('preinsuranceQuitBy')}
      />
      <YesNo path="object.hasPredamage" />
      <Text path="object.predamageDetail" />
    </>
  );
}
