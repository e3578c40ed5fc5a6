import { useEffect } from 'react';
import { uceAutoAdvanceMs } from '../../domain/rules/limits';
import { useQuery } from '../app/router';
import { Radio, Text } from '../forms/bound';
import { useApplication } from '../state/application';
import { useStepForm } from '../state/stepForm';
import { ui } from '../text';

/**
 * /uce: sub-partner identification from vm_id/uvm_id in the query, chosen from the sub-partners the
 * partner lookup returned (ADR 0835), or typed by the tenant. Spec §9: it advances by itself
 * 100 ms after vm_id and uvm_id (or a sub-partner code) are known. The advance saves the codes and
 * goes on; to /start first while the deposit is missing (ADR 0701), 'Weiter zum Start'.
 */
export default function UceStep() {
  const form = useStepForm();
  const query = useQuery();
  const { subPartners } = useApplication().session;
  const vm = query.get('vm_id');
  const uvm = query.get('uvm_id');
  useEffect(() => {
    if (vm && uvm) {
      form.set('billing.partner_code', vm);
      form.set('billing.hide_partner_code', true);
      form.set('uce.subPartnerCode', uvm);
    }
    const code = uvm || form.value('uce.subPartnerCode');
    if (!((vm && uvm) || (typeof code === 'string' && code.trim()))) return;
    const timer = setTimeout(() => form.forward(), uceAutoAdvanceMs);
    return () => clearTimeout(timer);
    // Once on arrival: a later typed code is sent with the forward button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (subPartners.length > 0)
    return (
      <>
        <p>{ui.steps.uce.chooseIntro}</p>
        <Radio
          path="uce.subPartnerCode"
          values={subPartners.map((s) => s.code)}
          labels={Object.fromEntries(subPartners.map((s) => [s.code, s.name]))}
        />
      </>
    );
  return (
    <>
      <p>{ui.steps.uce.intro}</p>
      <Text path="uce.subPartnerCode" />
    </>
  );
}
