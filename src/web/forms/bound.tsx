import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18n';
import { fieldHint, fieldLabel, fieldOption, ui } from '../i18n/keys';
import { useStepForm } from '../state/stepForm';
import { parseAmountForWeb } from '../rules';
import { CheckboxField, RadioField, SelectField, type Choice } from './ChoiceField';
import { TextField } from './TextField';
import { HelpButton } from './HelpButton';

/**
 * Fields bound to the step form by model path: label, hint and options come from the catalogue,
 * the error from the domain rules. A field renders only when the domain's active mask shows it.
 */
function useChrome(path: string, withHint: boolean) {
  const { t, has } = useI18n();
  const form = useStepForm();
  const hintKey = fieldHint(path);
  return {
    form,
    t,
    shown: form.mask.includes(path),
    chrome: {
      path,
      label: t(fieldLabel(path)),
      hint: withHint && has(hintKey) ? t(hintKey) : undefined,
      error: form.error(path),
      help: <HelpButton path={path} />,
    },
  };
}

type Common = { path: string; hint?: boolean };
type InputType = 'text' | 'email' | 'tel';

export function Text({
  path,
  hint = true,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
}: Common & {
  type?: InputType;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  maxLength?: number;
}) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  return (
    <TextField
      {...chrome}
      type={type}
      value={typeof v === 'string' ? v : ''}
      autoComplete={autoComplete ?? 'off'}
      inputMode={inputMode}
      maxLength={maxLength}
      onChange={(s) => form.set(path, s === '' ? undefined : s)}
      onBlur={() => form.blur(path)}
    />
  );
}

/** Dates are typed as TT.MM.JJJJ (spec §5), the model keeps them as typed. */
export function DateText({ path, hint = true }: Common) {
  return <Text path={path} hint={hint} inputMode="numeric" />;
}

/** Euro amounts: the typed text is kept as a draft, the model gets the parsed number. */
export function Amount({ path, hint = true }: Common) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  const draft = form.draft(path) ?? (typeof v === 'number' ? String(v).replace('.', ',') : '');
  return (
    <TextField
      {...chrome}
      value={draft}
      inputMode="decimal"
      autoComplete="off"
      onChange={(s) => form.set(path, parseAmountForWeb(s), s)}
      onBlur={() => form.blur(path)}
    />
  );
}

export function Radio({
  path,
  values,
  hint = true,
  inline,
}: Common & { values: readonly (string | number)[]; inline?: boolean }) {
  const { form, chrome, shown, t } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  const choices: Choice[] = values.map((value) => ({
    value: String(value),
    label: t(fieldOption(path, value)),
  }));
  return (
    <RadioField
      {...chrome}
      inline={inline}
      value={v === undefined || v === null ? '' : String(v)}
      choices={choices}
      onChange={(s) => {
        const match = values.find((x) => String(x) === s);
        form.set(path, match);
        form.blur(path);
      }}
    />
  );
}

/** A yes/no question (risk questions, flags): the model keeps true/false, unanswered is null. */
export function YesNo({ path, hint = true }: Common) {
  const { form, chrome, shown, t } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  return (
    <RadioField
      {...chrome}
      inline
      value={v === true ? 'true' : v === false ? 'false' : ''}
      choices={[
        { value: 'true', label: t(ui.yes) },
        { value: 'false', label: t(ui.no) },
      ]}
      onChange={(s) => {
        form.set(path, s === 'true');
        form.blur(path);
      }}
    />
  );
}

export function Check({ path, hint = true, label }: Common & { label?: ReactNode }) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  return (
    <CheckboxField
      {...chrome}
      label={(label as string) ?? chrome.label}
      checked={form.value(path) === true}
      onChange={(c) => {
        form.set(path, c);
        form.blur(path);
      }}
    />
  );
}

export function Select({ path, choices, hint = true }: Common & { choices: Choice[] }) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  return (
    <SelectField
      {...chrome}
      value={typeof v === 'string' ? v : ''}
      choices={choices}
      onChange={(s) => form.set(path, s === '' ? undefined : s)}
      onBlur={() => form.blur(path)}
    />
  );
}
