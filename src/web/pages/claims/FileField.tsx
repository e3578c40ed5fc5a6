import { defaultEvidenceLimits } from '../../../domain/evidence/rules';
import { evidenceTexts } from '../../../domain/messages/evidence';
import { controlAria, fieldId } from '../../forms/ids';
import { LabelledField } from '../../forms/FieldShell';

/** A file chooser for evidence (PDF, JPEG, PNG), with the limits as its hint. */
export function FileField(props: {
  path: string;
  label: string;
  error?: string | undefined;
  onChange: (files: File[]) => void;
}) {
  const hint = evidenceTexts.hint(defaultEvidenceLimits);
  return (
    <LabelledField path={props.path} label={props.label} hint={hint} error={props.error}>
      <input
        id={fieldId(props.path)}
        name={props.path}
        type="file"
        multiple
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        {...controlAria(props.path, hint, props.error)}
        onChange={(e) => props.onChange([...(e.target.files ?? [])])}
      />
    </LabelledField>
  );
}

/** A multi-line text field (a description, a reason). */
export function TextAreaField(props: {
  path: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <LabelledField path={props.path} label={props.label} hint={props.hint} error={props.error}>
      <textarea
        id={fieldId(props.path)}
        name={props.path}
        rows={4}
        value={props.value}
        {...controlAria(props.path, props.hint, props.error)}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </LabelledField>
  );
}
