import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorSummary } from '../../forms/ErrorSummary';
import { TextField } from '../../forms/TextField';
import { contractTexts } from '../../../domain/messages/contracts';

/** A text field of the after-sale pages (ids f-c-{name}, errors tied by id). */
function Field(props: {
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

const f = contractTexts.fields;

/** One field of an after-sale form: all but its value, error and change handler. */
export interface FieldSpec<K extends string> {
  name: K;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
}

/** The contract number and e-mail address that identify a contract (access, withdrawal). */
export const contractNumberField: FieldSpec<'contractNumber'> = {
  name: 'contractNumber',
  label: f.contractNumber,
  hint: f.contractNumberHint,
  autoComplete: 'off',
};
export const emailField: FieldSpec<'email'> = {
  name: 'email',
  label: f.email,
  hint: f.emailHint,
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
};

/**
 * The fields of an after-sale form, the error summary first; the summary names the fields by their
 * own labels (or `labels`, for errors of fields not shown). `children` stand between the two.
 */
export function Fields<K extends string>(props: {
  fields: FieldSpec<K>[];
  values: Record<K, string>;
  errors: Record<string, string>;
  attempt: number;
  onChange: (name: K, value: string) => void;
  labels?: Record<string, string>;
  children?: ReactNode;
}) {
  const labels = props.labels ?? Object.fromEntries(props.fields.map((x) => [x.name, x.label]));
  return (
    <>
      <Summary errors={props.errors} labels={labels} attempt={props.attempt} />
      {props.children}
      {props.fields.map((spec) => (
        <Field
          key={spec.name}
          {...spec}
          value={props.values[spec.name]}
          error={props.errors[spec.name]}
          onChange={(v) => props.onChange(spec.name, v)}
        />
      ))}
    </>
  );
}

/** The submit button of a form, in its actions row. */
export function Submit({ label, secondary }: { label: string; secondary?: boolean }) {
  return (
    <div className="actions">
      <button type="submit" className={secondary ? 'button button--secondary' : 'button'}>
        {label}
      </button>
    </div>
  );
}

/** The error summary of a form, linking to the fields (GOV.UK pattern). */
function Summary(props: {
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
