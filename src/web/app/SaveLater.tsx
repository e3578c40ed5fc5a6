import { useRef, useState, type FormEvent } from 'react';
import type { StepId } from '../../domain/flow/steps';
import { HttpError } from '../api/http';
import { TextField } from '../forms/TextField';
import { ui } from '../text';
import { useServices } from './services';

/**
 * 'Später fortfahren' (spec §1): asks for an e-mail address and calls save-progress; the server
 * mails a link that resumes at this step. Says that the data is deleted after 30 days.
 */
function SaveLater({ cid, step }: { cid: string; step: StepId }) {
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await api.saveProgress({ cid, step, email: email.trim() });
      if (result.error) setError(result.error);
      else setDone(true);
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
  return (
    <section className="save-later card" aria-labelledby="save-later-title">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls="save-later-panel"
        ref={toggle}
        onClick={() => setOpen((o) => !o)}
      >
        {ui.saveProgress.button}
      </button>
      <div id="save-later-panel" className="panel" hidden={!open}>
        <h2 id="save-later-title">{ui.saveProgress.title}</h2>
        <p>{ui.saveProgress.text}</p>
        {done ? (
          <p role="status">{ui.saveProgress.done}</p>
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
