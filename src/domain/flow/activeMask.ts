import type { FormModel } from '../model/schema';
import type { FieldPath } from '../model/paths';
import type { RuleContext } from '../rules/context';
import type { StepId } from './steps';
import { reservationTenantFields, sellingFields, startFields, steps } from './steps';

import { digitalDepositLimit } from '../rules/limits';

type Guard = (m: FormModel, ctx: RuleContext) => boolean;

const secondTenant: Guard = (m, ctx) => !ctx.reservation && m.objective.useSecondTenant === true;
const existingContract: Guard = (m) => m.objective.target === 'retrieveDeposit';
const landlordPerson: Guard = (m) => m.landlord.formOfAddress !== 'company';
const byIban = (m: FormModel) => m.bankAccount.useIban !== false;

/** Named conditions under which a field is shown; a field without a guard is always shown. */
const guards: Partial<Record<FieldPath, Guard>> = {
  'objective.useDigitalGuarantee': (m) =>
    typeof m.objective.deposit === 'number' && m.objective.deposit < digitalDepositLimit,
  'objective.useSecondTenant': (_m, ctx) => !ctx.reservation,
  'billing.partner_code': (m) => m.billing.hide_partner_code !== true,
  'object.contractLimitDate': (m) => m.object.isContractLimited === true,
  'object.isRentPaidUnpunctual': existingContract,
  'object.isDepositPaidCompletely': existingContract,
  'object.isDepositConsumed': existingContract,
  'object.isObjectDamaged': existingContract,
  'object.preinsuranceCompany': (m) => m.object.hasPreinsurance === true,
  'object.preinsuranceId': (m) => m.object.hasPreinsurance === true,
  'object.preinsuranceQuitBy': (m) => m.object.hasPreinsurance === true,
  'object.predamageDetail': (m) => m.object.hasPredamage === true,
  'landlord.firstName': landlordPerson,
  'landlord.lastName': landlordPerson,
  'landlord.companyName': (m) => m.landlord.formOfAddress === 'company',
  'landlord.companyNameAddition': (m) => m.landlord.formOfAddress === 'company',
  // The name of the person acting for a company landlord (ADR 0833).
  'landlord.landlordName': (m) => m.landlord.formOfAddress === 'company',
  'bankAccount.iban': byIban,
  'bankAccount.accountNumber': (m) => !byIban(m),
  'bankAccount.bankCode': (m) => !byIban(m),
  'bankAccount.bankName': (m) => !byIban(m),
  'objective.shippingNotesAccepted': (m) => m.objective.deliverTo !== 'digital',
  'selling.immoscout_area': (m) => m.selling.immoscout === true,
  'selling.preisboerse_time': (m) => m.selling.preisboerse === true,
  'selling.MieterEngel_phone': (m) => m.selling.MieterEngel === true,
};

/** Every field a step can show in this context (steps.ts), before the guards narrow it. */
export function candidateFields(step: StepId, ctx: RuleContext): readonly FieldPath[] {
  if (step === 'tenant' && ctx.reservation) return reservationTenantFields;
  if (step === 'object' && ctx.reconfigured && !ctx.reservation)
    return [...startFields, ...steps.object.fields];
  if (step === 'check' && ctx.stepList && !ctx.stepList.includes('selling'))
    return [...steps.check.fields, ...sellingFields];
  return steps[step].fields;
}

/** The fields shown on a step right now. Only these are validated and submitted. */
export function activeMask(model: FormModel, step: StepId, ctx: RuleContext): FieldPath[] {
  return candidateFields(step, ctx).filter((path) => {
    if (path.startsWith('secondTenant.')) return secondTenant(model, ctx);
    const guard = guards[path];
    return guard ? guard(model, ctx) : true;
  });
}

/** The union of the masks of several steps, in step order, without duplicates. */
export function activeMaskOf(
  model: FormModel,
  list: readonly StepId[],
  ctx: RuleContext,
): FieldPath[] {
  return [...new Set(list.flatMap((s) => activeMask(model, s, ctx)))];
}
