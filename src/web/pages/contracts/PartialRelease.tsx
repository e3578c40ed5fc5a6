import { useState, type FormEvent } from 'react';
import { contractTexts } from '../../../domain/messages/contracts';
import { partialReleaseTexts as t } from '../../../domain/messages/partialRelease';
import { formatCents } from '../../../domain/messages/format';
import { useServices } from '../../app/services';
import { contractCall } from './api';
import { Fields, Notice, Submit } from './Form';

/**
 * The landlord's partial release on /pruefen/{token} (issue 26 item 5, ADR 1255): all but the
 * amount kept for the utility-cost settlement, with the release code of our letter.
 */
export function PartialReleaseSection(props: { token: string; onDone(): void }) {
  const { config } = useServices();
  // Its own field name: the full release's form on the same page has the field `code`.
  const [values, setValues] = useState({ retained: '', partialCode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<number>();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall<{ remainingCents: number }>(
      config.apiHost,
      'POST',
      `/api/contracts/verification/${encodeURIComponent(props.token)}/partial-release`,
      { retained: values.retained, code: values.partialCode },
    );
    const { code, ...rest } = r.fieldErrors;
    setErrors(code ? { ...rest, partialCode: code } : rest);
    setMessage(r.message);
    setAttempt((a) => a + 1);
    if (r.data) {
      setDone(r.data.remainingCents);
      props.onDone();
    }
  };
  if (done !== undefined) return <Notice kind="ok">{t.done(formatCents(done))}</Notice>;
  return (
    <section aria-labelledby="h-partial-release">
      <h2 id="h-partial-release">{t.title}</h2>
      <p>{t.intro}</p>
      {message ? <Notice kind="error">{message}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Fields
          fields={[
            {
              name: 'retained',
              label: t.retained,
              hint: t.retainedHint,
              autoComplete: 'off',
              inputMode: 'text',
            },
            {
              name: 'partialCode',
              label: t.code,
              hint: contractTexts.fields.releaseCodeHint,
              autoComplete: 'off',
            },
          ]}
          values={values}
          errors={errors}
          attempt={attempt}
          onChange={(k, v) => setValues((old) => ({ ...old, [k]: v }))}
        />
        <Submit label={t.submit} secondary />
      </form>
    </section>
  );
}
