import { steps, type StepId } from '../../domain/flow/steps';
import { Text } from '../forms/bound';
import { useStepForm } from '../state/stepForm';
import { ui } from '../text';

/**
 * A partner code that came hidden (vm_id/uvm_id, prefill_data) and that the server does not know:
 * the step shows it here, with the message on the field, so the tenant can correct or delete it
 * (ADR 0700). Fields the step shows anyway (the partner code on /tenant) stay in their place.
 */
export function AttributionNotice({ step }: { step: StepId }) {
  const form = useStepForm();
  const own = steps[step].fields as readonly string[];
  const paths = form.refused.filter((p) => !own.includes(p));
  if (paths.length === 0) return null;
  return (
    <section className="notice notice--error notice--stacked" aria-labelledby="attribution-title">
      <h2 id="attribution-title">{ui.attribution.title}</h2>
      <p>{ui.attribution.text}</p>
      {paths.map((p) => (
        <Text key={p} path={p} />
      ))}
    </section>
  );
}
