import { HelpInline } from './help';
import { controlAria, fieldId } from './ids';
import { FieldMessages, LabelledField, type FieldChrome } from './FieldShell';

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

type Props = FieldChrome & {
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  inline?: boolean;
};

/** A radio group in a fieldset; the legend is the label, the first radio is the link target. */
export function RadioField({
  path,
  label,
  hint,
  error,
  help,
  value,
  choices,
  onChange,
  onBlur,
  inline,
}: Props) {
  const id = fieldId(path);
  return (
    <fieldset
      className={`field${error ? ' field--error' : ''}`}
      {...controlAria(path, hint, error)}
    >
      <legend>
        {label}
        {help}
      </legend>
      <FieldMessages path={path} hint={hint} error={error} />
      <div className={inline ? 'choices choices--inline' : 'choices'}>
        {choices.map((c, i) => (
          <label className="choice" key={c.value}>
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${c.value}`}
              name={path}
              value={c.value}
              checked={value === c.value}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
              onBlur={onBlur}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      <HelpInline path={path} />
    </fieldset>
  );
}

/** A native select: accessible everywhere, small, and fine on phones. */
export function SelectField({
  path,
  label,
  hint,
  error,
  help,
  value,
  choices,
  onChange,
  onBlur,
}: Props) {
  return (
    <LabelledField path={path} label={label} hint={hint} error={error} help={help}>
      <select
        id={fieldId(path)}
        name={path}
        value={value}
        {...controlAria(path, hint, error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

type CheckProps = FieldChrome & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
};

export function CheckboxField({
  path,
  label,
  hint,
  error,
  help,
  checked,
  onChange,
  onBlur,
}: CheckProps) {
  const id = fieldId(path);
  return (
    <div className={`field field--check${error ? ' field--error' : ''}`}>
      <FieldMessages path={path} hint={undefined} error={error} />
      <div className="choice">
        <input
          type="checkbox"
          id={id}
          name={path}
          checked={checked}
          {...controlAria(path, hint, error)}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
        />
        <label htmlFor={id}>{label}</label>
        {help}
      </div>
      {hint ? <FieldMessages path={path} hint={hint} /> : null}
      <HelpInline path={path} />
    </div>
  );
}
