import type { InputHTMLAttributes } from 'react';
import { describedBy, fieldId } from './ids';
import { FieldMessages, type FieldChrome } from './FieldShell';

type Props = FieldChrome & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'id'>;

export function TextField({
  path,
  label,
  hint,
  error,
  help,
  value,
  onChange,
  onBlur,
  ...input
}: Props) {
  const id = fieldId(path);
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <div className="label-row">
        <label htmlFor={id}>{label}</label>
        {help}
      </div>
      <FieldMessages path={path} hint={hint} error={error} />
      <input
        id={id}
        name={path}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(path, !!hint, !!error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...input}
      />
    </div>
  );
}
