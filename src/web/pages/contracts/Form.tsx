import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { TextField } from '../../forms/TextField';
import { contractTexts } from '../../../domain/messages/contracts';

/** A text field of the after-sale pages (ids f-c-{name}, errors tied by id). */
export function Field(props: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error?: string | undefined;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
}) {
  return (
    <TextField
      path={`c.${props.name}`}
      label={props.label}
      hint={props.hint}
      error={props.error}
      value={props.value}
      onChange={props.onChange}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      spellCheck={false}
    />
  );
}

/** The error summary of a form, linking to the fields (GOV.UK pattern). */
export function Summary(props: {
  errors: Record<string, string>;
  labels: Record<string, string>;
  attempt: number;
}) {
  const entries = Object.entries(props.errors).map(([name, message]) => ({
    path: `c.${name}`,
    label: props.labels[name] ?? name,
    message,
  }));
  return (
    <ErrorSummary
      title={contractTexts.errors.summaryTitle}
      entries={entries}
      attempt={props.attempt}
    />
  );
}

/** A message that is announced (role status) or, for failures, alerts; takes focus when shown. */
export function Notice({ kind, children }: { kind: 'ok' | 'error'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`notice${kind === 'error' ? ' notice--error' : ''}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      <div>{children}</div>
    </div>
  );
}

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – Mietkautionsbürgschaft`;
  }, [title]);
}
