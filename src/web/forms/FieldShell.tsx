import type { ReactNode } from 'react';
import { HelpInline } from './help';
import { errorId, fieldId, hintId } from './ids';

export interface FieldChrome {
  /** Model path, e.g. 'objective.deposit'. */
  path: string;
  label: string;
  hint?: string;
  error?: string;
  /** Renders a help button next to the label (sidebar content). */
  help?: ReactNode;
}

/** Label-less wrapper parts shared by all fields: hint and error text tied by id. */
export function FieldMessages({ path, hint, error }: Pick<FieldChrome, 'path' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <p className="hint" id={hintId(path)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId(path)}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The frame of a control with a visible <label>: label and help button, hint and error, control. */
export function LabelledField({
  path,
  label,
  hint,
  error,
  help,
  children,
}: FieldChrome & { children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <div className="label-row">
        <label htmlFor={fieldId(path)}>{label}</label>
        {help}
      </div>
      <FieldMessages path={path} hint={hint} error={error} />
      {children}
      <HelpInline path={path} />
    </div>
  );
}
