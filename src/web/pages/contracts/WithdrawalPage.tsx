import { useEffect, useState, type FormEvent } from 'react';
import { contractTexts } from '../../../domain/messages/contracts';
import { useQuery } from '../../app/router';
import { useServices } from '../../app/services';
import { contractCall } from './api';
import {
  contractNumberField,
  emailField,
  Fields,
  Notice,
  Submit,
  usePageTitle,
  type FieldSpec,
} from './Form';

const t = contractTexts.withdrawal;
const f = contractTexts.fields;
const labels = {
  contractNumber: f.contractNumber,
  email: f.email,
  confirmationEmail: f.confirmationEmail,
};
const confirmationEmailField: FieldSpec<'confirmationEmail'> = {
  name: 'confirmationEmail',
  label: `${f.confirmationEmail} (optional)`,
  hint: f.confirmationEmailHint,
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
};

/**
 * /widerruf: the withdrawal function (§ 356a BGB since 19 June 2026). No login; step 1 asks only
 * what identifies the contract (or takes the signed link of a contract e-mail) and where the
 * confirmation goes; step 2 is the confirm button; then the time of receipt on screen, and by
 * e-mail. The answer never says whether a contract exists.
 */
export default function WithdrawalPage() {
  const { config } = useServices();
  const link = useQuery().get('link') ?? '';
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState({ contractNumber: '', email: '', confirmationEmail: '' });
  const [linked, setLinked] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<{ at: string; to: string } | undefined>();
  const [busy, setBusy] = useState(false);
  usePageTitle(step === 3 ? t.doneTitle : t.title);

  useEffect(() => {
    if (!link) return;
    void contractCall<{ contractNumber: string }>(
      config.apiHost,
      'GET',
      `/api/contracts/withdrawal-link?link=${encodeURIComponent(link)}`,
    ).then((r) => {
      if (r.data) setLinked(r.data.contractNumber);
      else setMessage(r.message);
    });
  }, [config.apiHost, link]);

  const check = (): Record<string, string> => {
    const e: Record<string, string> = {};
    const mail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    if (!linked) {
      if (!values.contractNumber.trim())
        e.contractNumber = contractTexts.errors.contractNumberRequired;
      else if (!/^MK-\d{4}-\d{6}$/i.test(values.contractNumber.trim()))
        e.contractNumber = contractTexts.errors.contractNumberInvalid;
      if (!values.email.trim()) e.email = contractTexts.errors.emailRequired;
      else if (!mail.test(values.email.trim())) e.email = contractTexts.errors.emailInvalid;
    }
    if (values.confirmationEmail.trim() && !mail.test(values.confirmationEmail.trim()))
      e.confirmationEmail = contractTexts.errors.emailInvalid;
    return e;
  };

  const next = (ev: FormEvent) => {
    ev.preventDefault();
    const e = check();
    setErrors(e);
    setAttempt((a) => a + 1);
    if (Object.keys(e).length === 0) setStep(2);
  };

  const confirm = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const body = linked
      ? { link, confirmationEmail: values.confirmationEmail.trim() }
      : {
          contractNumber: values.contractNumber.trim(),
          email: values.email.trim(),
          confirmationEmail: values.confirmationEmail.trim() || undefined,
        };
    const r = await contractCall<{ receivedAtText: string }>(
      config.apiHost,
      'POST',
      '/api/contracts/withdrawal',
      body,
    );
    setBusy(false);
    if (r.data) {
      setDone({
        at: r.data.receivedAtText,
        to: values.confirmationEmail.trim() || values.email.trim() || t.contractAddress,
      });
      setStep(3);
    } else {
      setErrors(r.fieldErrors);
      setMessage(r.message);
      setAttempt((a) => a + 1);
      if (Object.keys(r.fieldErrors).length) setStep(1);
    }
  };

  if (step === 3 && done) {
    return (
      <div className="card">
        <h1>{t.doneTitle}</h1>
        <Notice kind="ok">
          <p>{t.done(done.at, done.to)}</p>
        </Notice>
        <p>{t.doneNext}</p>
      </div>
    );
  }

  return (
    <div className="card">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {message ? <Notice kind="error">{message}</Notice> : null}
      {step === 1 ? (
        <form noValidate onSubmit={next}>
          <h2>{t.step1}</h2>
          <Fields
            fields={
              linked
                ? [confirmationEmailField]
                : [contractNumberField, emailField, confirmationEmailField]
            }
            values={values}
            errors={errors}
            attempt={attempt}
            onChange={(name, v) => setValues((s) => ({ ...s, [name]: v }))}
            labels={labels}
          >
            {linked ? (
              <>
                <p>{t.prefilled}</p>
                <dl className="summary-list">
                  <div>
                    <dt>{f.contractNumber}</dt>
                    <dd>{linked}</dd>
                  </div>
                </dl>
              </>
            ) : null}
          </Fields>
          <Submit label={t.next} />
        </form>
      ) : (
        <form noValidate onSubmit={confirm}>
          <h2>{t.step2}</h2>
          <p>{t.reviewIntro}</p>
          <dl className="summary-list">
            <div>
              <dt>{f.contractNumber}</dt>
              <dd>{linked ?? values.contractNumber.trim().toUpperCase()}</dd>
            </div>
            {linked ? null : (
              <div>
                <dt>{f.email}</dt>
                <dd>{values.email.trim()}</dd>
              </div>
            )}
            <div>
              <dt>{f.confirmationEmail}</dt>
              <dd>{values.confirmationEmail.trim() || values.email.trim() || t.contractAddress}</dd>
            </div>
          </dl>
          <div className="actions">
            <button type="button" className="button button--secondary" onClick={() => setStep(1)}>
              {t.back}
            </button>
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {t.confirm}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
