import { useEffect, useState } from 'react';
import { digitalDepositLimit } from '../../domain/rules/limits';
import {
  accountOwnerValues,
  deliverToValues,
  paymentConditionValues,
} from '../../domain/model/schema';
import type { RatesResponse } from '../../domain/tariff/rates';
import { useServices } from '../app/services';
import { CaptchaField } from '../forms/CaptchaField';
import { Check, DateText, Radio, Text } from '../forms/bound';
import { useStepForm } from '../state/stepForm';
import { formatEuro, optionLabels, ui } from '../text';

/**
 * /payment: postal destination (digital only below 7,000), payment frequency with the rate of
 * each frequency from the rates call, IBAN or account number + bank code (bank name filled from
 * the bank-name call), account owner, policy start, partner code, captcha and bot checks.
 */
export default function PaymentStep() {
  const form = useStepForm();
  const { api } = useServices();
  const deposit = form.value('objective.deposit');
  const [rates, setRates] = useState<RatesResponse>();
  useEffect(() => {
    if (typeof deposit !== 'number' || !Number.isFinite(deposit)) return;
    let cancelled = false;
    api.rates(deposit).then(
      (r) => !cancelled && setRates(r),
      (err: unknown) => console.warn('rates unavailable', err),
    );
    return () => {
      cancelled = true;
    };
  }, [api, deposit]);

  const digitalPossible = typeof deposit === 'number' && deposit < digitalDepositLimit;
  const destinations = deliverToValues.filter((v) => v !== 'digital' || digitalPossible);
  const frequencyLabels = Object.fromEntries(
    paymentConditionValues.map((n) => {
      const base = optionLabels('paymentConditions')[String(n)] ?? String(n);
      const rate = rates?.[n];
      return [String(n), rate ? `${base}: ${formatEuro(rate.rate_per_payment)}` : base];
    }),
  );
  const second = form.value('objective.useSecondTenant') === true;
  const owners = accountOwnerValues.filter((v) => v !== 'secondTenant' || second);

  const bankCode = form.value('bankAccount.bankCode');
  const onBankCodeBlur = () => {
    if (typeof bankCode !== 'string' || !/^\d{8}$/.test(bankCode.trim())) return;
    api.bankName(bankCode.trim()).then(
      (name) => name && form.set('bankAccount.bankName', name),
      (err: unknown) => console.warn('bank name unavailable', err),
    );
  };

  return (
    <>
      <Radio path="objective.deliverTo" values={destinations} labels={optionLabels('deliverTo')} />
      {digitalPossible ? null : <p className="hint">{ui.hints.digitalUnavailable}</p>}
      <p className="hint">{ui.hints.shipping}</p>
      <Radio
        path="objective.paymentConditions"
        values={paymentConditionValues}
        labels={frequencyLabels}
        hint={ui.hints.pricesIncludeVat}
      />
      <Radio
        path="bankAccount.accountOwner"
        values={owners}
        labels={optionLabels('accountOwner')}
      />
      <Check path="bankAccount.useIban" />
      <Text path="bankAccount.iban" hint={ui.hints.iban} autoComplete="off" />
      <Text path="bankAccount.accountNumber" inputMode="numeric" />
      <div onBlur={onBankCodeBlur}>
        <Text path="bankAccount.bankCode" inputMode="numeric" maxLength={8} />
      </div>
      <Text path="bankAccount.bankName" />
      <p className="hint">{ui.hints.firstDebit}</p>
      <DateText path="objective.policyStartDate" hint={ui.hints.policyStart} />
      <Text path="billing.partner_code" hint={ui.hints.partnerCode} />
      {form.mask.includes('security.captchaResponseKey') ? <CaptchaField /> : null}
    </>
  );
}
