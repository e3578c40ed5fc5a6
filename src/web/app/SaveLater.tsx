import { useRef, useState, type FormEvent } from 'react';
import { isLastStep } from '../../domain/flow/navigation';
import { saveForLaterMask } from '../../domain/flow/saveForLater';
import type { StepId } from '../../domain/flow/steps';
import { HttpError } from '../api/http';
import { TextField } from '../forms/TextField';
import { useApplication } from '../state/application';
import { useFlow } from '../state/flowContext';
import { useStepForm } from '../state/stepForm';
import { ui } from '../text';
import { useServices } from './services';

/**
 * 'Später fortfahren' (spec §1): asks for an e-mail address (the tenant's, when already given),
 * saves what the current step holds (errors or not: the server stores a step with errors; the
 * captcha and, on the last step, the consents stay out, so this save never submits; see
 * domain/flow/saveForLater.ts), then calls save-progress; the server mails a link that resumes at
 * this step. Says that the data is deleted after 30 days, and where the link went.
 */
function SaveLater({ cid, step }: { cid: string; step: StepId }) {
  const { api } = useServices();
  const app = useApplication();
  const form = useStepForm();
  const { list, reservation } = useFlow();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const to = email.trim();
    try {
      // First what was typed on this step; its field errors do not hold the link back (the
      // tenant corrects them when continuing), and the page keeps every value as it is.
      await api.save({
        model: app.model,
        cid,
        step,
        mask: saveForLaterMask(form.mask, isLastStep(list, step)),
        reservation,
      });
      const result = await api.saveProgress({ cid, step, email: to });
      if (result.error) setError(result.error);
      else setSentTo(to);
    } catch (err) {
      setError(
        err instanceof HttpError && err.failure.kind === 'unparseable'
          ? ui.technical.xhrError
          : ui.technical.networkError,
      );
    } finally {
      setBusy(false);
    }
  };
  const toggleOpen = () => {
    // The address the tenant already gave is the likely one; it stays editable.
    const given = app.model.firstTenant.email?.trim();
    if (!open && !email && given) setEmail(given);
    setOpen((o) => !o);
  };
  return (
    <section className="save-later card" aria-labelledby="save-later-title">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls="save-later-panel"
        ref={toggle}
        onClick={toggleOpen}
      >
        {ui.saveProgress.button}
      </button>
      <div id="save-later-panel" className="panel" hidden={!open}>
        <h2 id="save-later-title">{ui.saveProgress.title}</h2>
        <p>{ui.saveProgress.text}</p>
        {sentTo ? (
          <p role="status">{ui.saveProgress.sentTo(sentTo)}</p>
        ) : (
          <form noValidate onSubmit={submit}>
            <TextField
              path="saveProgress.email"
              label={ui.saveProgress.emailLabel}
              type="email"
              autoComplete="email"
              value={email}
              error={error}
              onChange={setEmail}
            />
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setOpen(false);
                  toggle.current?.focus();
                }}
              >
                {ui.buttons.cancel}
              </button>
              <button type="submit" className="button" aria-disabled={busy ? 'true' : undefined}>
                {ui.buttons.send}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
export default SaveLater;
