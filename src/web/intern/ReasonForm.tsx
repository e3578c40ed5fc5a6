import { useId, useRef, useState, type FormEvent } from 'react';
import { t } from './texts';
import { StaffApiError } from './api';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A staff action with a required reason (and optionally a choice): labels on every field, errors
 * summarised at the top and tied to their fields, focus moved to the summary (WCAG 3.3.1, 3.3.3).
 * What was typed stays when the server refuses.
 */
export function ReasonForm(props: {
  legend?: string;
  choices?: Choice[];
  reasonLabel: string;
  submitLabel: string;
  onSubmit(choice: string, reason: string): Promise<string>;
}) {
  const id = useId();
  const [choice, setChoice] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: { field: string; message: string }[] = [];
    if (props.choices && !choice)
      found.push({ field: `${id}-choice-0`, message: t.errors.verdictRequired });
    if (!reason.trim()) found.push({ field: `${id}-reason`, message: t.errors.reasonRequired });
    setErrors(found);
    setStatus('');
    if (found.length) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setBusy(true);
    try {
      setStatus(await props.onSubmit(choice, reason.trim()));
    } catch (err) {
      setErrors([
        {
          field: `${id}-reason`,
          message: err instanceof StaffApiError ? err.message : t.errors.generic,
        },
      ]);
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setBusy(false);
    }
  };
  const reasonError = errors.find((x) => x.field === `${id}-reason`);
  const choiceError = errors.find((x) => x.field === `${id}-choice-0`);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="intern-form">
      {errors.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <p>{t.errors.summary}</p>
          <ul>
            {errors.map((x) => (
              <li key={x.field}>
                <a href={`#${x.field}`}>{x.message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.choices && (
        <fieldset aria-describedby={choiceError ? `${id}-choice-error` : undefined}>
          <legend>{props.legend}</legend>
          {choiceError && (
            <p className="field-error" id={`${id}-choice-error`}>
              {choiceError.message}
            </p>
          )}
          {props.choices.map((c, i) => (
            <label key={c.value} className="choice">
              <input
                type="radio"
                id={`${id}-choice-${i}`}
                name={`${id}-choice`}
                value={c.value}
                checked={choice === c.value}
                onChange={() => setChoice(c.value)}
              />{' '}
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-reason`}>{props.reasonLabel}</label>
      {reasonError && (
        <p className="field-error" id={`${id}-reason-error`}>
          {reasonError.message}
        </p>
      )}
      <textarea
        id={`${id}-reason`}
        value={reason}
        rows={3}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" disabled={busy}>
        {props.submitLabel}
      </button>
      <p role="status" className="status">
        {status}
      </p>
    </form>
  );
}
