import type { ReactNode } from 'react';
import { labelOf, ui } from '../text';
import { useStepForm } from '../state/stepForm';
import { normalizeGermanDate } from '../../domain/dates';
import type { FieldPath, FieldValue } from '../../domain/model/paths';
import {
  inputHints,
  type AmountPath,
  type BoolPath,
  type ChoicePath,
  type DatePath,
  type TextPath,
} from '../../domain/fields/fields';
import { parseAmountForWeb } from '../rules';
import { CheckboxField, RadioField, SelectField, type Choice } from './ChoiceField';
import { TextField } from './TextField';
import { HelpButton } from './help';

/**
 * Fields bound to the step form by model path: label, hint and options come from the catalogue,
 * the error from the domain rules, keyboard and digits from the field registry (inputHints). A
 * field renders only when the domain's active mask shows it. Each control takes only the paths of
 * its field kind (TextPath, AmountPath, ... of domain/fields/fields.ts): a misspelt path or a
 * control of the wrong kind fails tsc (boundKinds.test.tsx).
 */
function useChrome(path: FieldPath, hint: string | undefined) {
  const form = useStepForm();
  return {
    form,
    shown: form.mask.includes(path),
    chrome: {
      path,
      label: labelOf(path),
      hint,
      error: form.error(path),
      help: <HelpButton path={path} />,
    },
  };
}

/** hint: a text of the domain catalogue (ui.hints), shown under the label. */
type Common<P extends FieldPath> = { path: P; hint?: string };
/** The groups that have an address (object, tenants, landlord), from the model's paths. */
export type AddressGroup = FieldPath extends infer P
  ? P extends `${infer G}.address.zip`
    ? G
    : never
  : never;
/** The input's attributes for the registry's hint: e-mail and phone keyboards, number pad, digits. */
function inputOf(path: TextPath) {
  const hint = inputHints[path];
  if (hint === 'email' || hint === 'tel') return { type: hint };
  if (hint === 'numeric') return { type: 'text', inputMode: hint };
  if (hint) return { type: 'text', inputMode: 'numeric' as const, maxLength: hint.digits };
  return { type: 'text' };
}

export function Text({ path, hint, autoComplete }: Common<TextPath> & { autoComplete?: string }) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  return (
    <TextField
      {...chrome}
      {...inputOf(path)}
      value={typeof v === 'string' ? v : ''}
      autoComplete={autoComplete ?? 'off'}
      onChange={(s) => form.set(path, s === '' ? undefined : s)}
      onBlur={() => form.blur(path)}
    />
  );
}

/**
 * Dates: TT.MM.JJJJ (spec §5), also typed as TTMMJJJJ or T.M.JJJJ; on leaving the field the text
 * becomes TT.MM.JJJJ (domain normalizeGermanDate). The decimal keypad has digits and a separator
 * ('.' or, on a German phone, ','; both are accepted): ADR 0801.
 */
export function DateText({
  path,
  hint,
  autoComplete,
}: Common<DatePath> & { autoComplete?: string }) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  const text = typeof v === 'string' ? v : '';
  return (
    <TextField
      {...chrome}
      value={text}
      autoComplete={autoComplete ?? 'off'}
      inputMode="decimal"
      onChange={(s) => form.set(path, s === '' ? undefined : s)}
      onBlur={() => {
        const canonical = normalizeGermanDate(text);
        if (canonical && canonical !== text) form.set(path, canonical);
        form.blur(path);
      }}
    />
  );
}

/** Euro amounts: the typed text is kept as a draft, the model gets the parsed number. */
export function Amount({ path, hint }: Common<AmountPath>) {
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

/** The values a choice field holds (a oneOf's values, the text of a list). */
type ChoiceValue<P extends ChoicePath> = NonNullable<FieldValue<P>>;

export function Radio<P extends ChoicePath>({
  path,
  values,
  labels,
  hint,
  inline,
}: Common<P> & {
  values: readonly ChoiceValue<P>[];
  labels: Readonly<Record<string, string>>;
  inline?: boolean;
}) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  const choices: Choice[] = values.map((value) => ({
    value: String(value),
    label: labels[String(value)] ?? String(value),
  }));
  return (
    <RadioField
      {...chrome}
      inline={inline}
      value={v === undefined || v === null ? '' : String(v)}
      choices={choices}
      onChange={(s) => {
        const match = values.find((x) => String(x) === s);
        form.set(path, match as FieldValue<P>);
        form.blur(path);
      }}
    />
  );
}

/** A yes/no question (risk questions, flags): the model keeps true/false, unanswered is null. */
export function YesNo({ path, hint }: Common<BoolPath>) {
  const { form, chrome, shown } = useChrome(path, hint);
  if (!shown) return null;
  const v = form.value(path);
  return (
    <RadioField
      {...chrome}
      inline
      value={v === true ? 'true' : v === false ? 'false' : ''}
      choices={[
        { value: 'true', label: ui.options.yes },
        { value: 'false', label: ui.options.no },
      ]}
      onChange={(s) => {
        form.set(path, s === 'true');
        form.blur(path);
      }}
    />
  );
}

export function Check({ path, hint, label }: Common<BoolPath> & { label?: ReactNode }) {
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

export function Select({ path, choices, hint }: Common<ChoicePath> & { choices: Choice[] }) {
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
