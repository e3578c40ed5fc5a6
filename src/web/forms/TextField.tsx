import type { InputHTMLAttributes } from 'react';
import { controlAria, fieldId } from './ids';
import { LabelledField, type FieldChrome } from './FieldShell';

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
  return (
    <LabelledField path={path} label={label} hint={hint} error={error} help={help}>
      <input
        id={fieldId(path)}
        name={path}
        value={value}
        {...controlAria(path, hint, error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...input}
      />
    </LabelledField>
  );
}
