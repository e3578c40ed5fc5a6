import { useEffect, useState } from 'react';
import { paymentPreselection } from '../../domain/flow/preselect';
import { digitalDepositLimit } from '../../domain/rules/limits';
import { bankCodePattern } from '../../domain/rules/patterns';
import {
  accountOwnerValues,
  deliverToValues,
  paymentConditionValues,
} from '../../domain/model/schema';
import type { RatesResponse } from '../../domain/tariff/rates';
import { useServices } from '../app/services';
import { CaptchaField } from '../forms/CaptchaField';
import { Check, DateText, Radio, Text } from '../forms/bound';
import { useApplication } from '../state/application';
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
  // The tenant's name beside the role: "Max Mustermann (Erster Mieter)".
  const ownerLabels = Object.fromEntries(
    owners.map((who) => {
      const role = optionLabels('accountOwner')[who] ?? who;
      const name = [form.value(`${who}.firstName`), form.value(`${who}.lastName`)]
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        .join(' ');
      return [who, name ? ui.options.accountOwnerNamed(name, role) : role];
    }),
  );

  // What the tenant already chose (digital on /start) or cannot choose otherwise (one tenant's
  // account) is selected, never asked again with nothing selected (issue 27).
  const { model } = useApplication();
  const { set } = form;
  useEffect(() => {
    const chosen = paymentPreselection(model);
    if (chosen['objective.deliverTo']) set('objective.deliverTo', chosen['objective.deliverTo']);
    if (chosen['bankAccount.accountOwner'])
      set('bankAccount.accountOwner', chosen['bankAccount.accountOwner']);
  }, [model, set]);

  const bankCode = form.value('bankAccount.bankCode');
  const onBankCodeBlur = () => {
    if (typeof bankCode !== 'string' || !bankCodePattern.test(bankCode.trim())) return;
    api.bankName(bankCode.trim()).then(
      (name) => name && form.set('bankAccount.bankName', name),
      (err: unknown) => console.warn('bank name unavailable', err),
    );
  };

  return (
    <>
      {/* Each note is the hint of the question it belongs to, not a line before the next one. */}
      <Radio
        path="objective.deliverTo"
        values={destinations}
        labels={optionLabels('deliverTo')}
        hint={
          digitalPossible
            ? ui.hints.shipping
            : `${ui.hints.digitalUnavailable} ${ui.hints.shipping}`
        }
      />
      <Radio
        path="objective.paymentConditions"
        values={paymentConditionValues}
        labels={frequencyLabels}
        hint={`${ui.hints.pricesIncludeVat} ${ui.hints.firstDebit}`}
      />
      <Radio path="bankAccount.accountOwner" values={owners} labels={ownerLabels} />
      <Check path="bankAccount.useIban" />
      <Text path="bankAccount.iban" hint={ui.hints.iban} autoComplete="off" />
      <Text path="bankAccount.accountNumber" />
      <div onBlur={onBankCodeBlur}>
        <Text path="bankAccount.bankCode" />
      </div>
      <Text path="bankAccount.bankName" />
      <DateText path="objective.policyStartDate" hint={ui.hints.policyStart} />
      <Text path="billing.partner_code" hint={ui.hints.partnerCode} />
      {form.mask.includes('security.captchaResponseKey') ? <CaptchaField /> : null}
    </>
  );
}
