import type { FormModel } from '../model/schema';
import { digitalDepositLimit } from '../rules/limits';

type DeliverTo = NonNullable<FormModel['objective']['deliverTo']>;
type AccountOwner = NonNullable<FormModel['bankAccount']['accountOwner']>;

/**
 * The delivery the tenant already chose: the start step's "digital per E-Mail" wish
 * (useDigitalGuarantee, default true) while the deposit allows the digital guarantee (below
 * 7,000 €). Undefined when the tenant said no or the deposit rules it out: then the postal
 * destination is a real choice the payment step asks for.
 */
export function preselectedDelivery(model: FormModel): DeliverTo | undefined {
  const { deliverTo, useDigitalGuarantee, deposit } = model.objective;
  if (deliverTo) return deliverTo;
  const digitalPossible = typeof deposit === 'number' && deposit < digitalDepositLimit;
  return useDigitalGuarantee !== false && digitalPossible ? 'digital' : undefined;
}

/** With one tenant the account can only be theirs; with two it is a real choice. */
export function preselectedAccountOwner(model: FormModel): AccountOwner | undefined {
  if (model.bankAccount.accountOwner) return model.bankAccount.accountOwner;
  return model.objective.useSecondTenant === true ? undefined : 'firstTenant';
}

/**
 * What the payment step fills in before the tenant sees it (issue 27): only empty fields, so a
 * choice the tenant made is never replaced.
 */
export function paymentPreselection(model: FormModel): {
  'objective.deliverTo'?: DeliverTo;
  'bankAccount.accountOwner'?: AccountOwner;
} {
  const deliverTo = model.objective.deliverTo ? undefined : preselectedDelivery(model);
  const owner = model.bankAccount.accountOwner ? undefined : preselectedAccountOwner(model);
  return {
    ...(deliverTo ? { 'objective.deliverTo': deliverTo } : {}),
    ...(owner ? { 'bankAccount.accountOwner': owner } : {}),
  };
}

/**
 * A delivery chosen before that the start step's wish now contradicts (the tenant went back and
 * changed "digital per E-Mail"): it is emptied, so the payment step preselects again.
 */
export function deliveryContradictsWish(model: FormModel): boolean {
  const { deliverTo, useDigitalGuarantee } = model.objective;
  if (!deliverTo) return false;
  return useDigitalGuarantee === false ? deliverTo === 'digital' : deliverTo !== 'digital';
}
