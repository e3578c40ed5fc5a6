import { useEffect, useState, type FormEvent } from 'react';
import { contractTexts } from '../../../domain/messages/contracts';
import { useQuery } from '../../app/router';
import { useServices } from '../../app/services';
import { contractCall } from './api';
import { contractNumberField, emailField, Fields, Notice, Submit, usePageTitle } from './Form';

const t = contractTexts.withdrawal;
const f = contractTexts.fields;
const labels = { contractNumber: f.contractNumber, email: f.email };
const CONTRACT_NUMBER = /^(TEST-)?MK-\d{4}-\d{6}$/i;
const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Answer {
  receivedAtText: string;
  next: 'confirm_by_email' | 'done';
  applied?: boolean;
  /** When applied: what happens to the money (src/domain/messages/withdrawalMoney.ts). */
  money?: string[];
}

/** What the page says after the server took the statement. */
function Done({ answer }: { answer: Answer }) {
  const declared = answer.next === 'confirm_by_email';
  const title = declared ? t.doneTitle : answer.applied ? t.withdrawnTitle : t.doneTitle;
  usePageTitle(title);
  return (
    <div className="card">
      <h1>{title}</h1>
      <Notice kind="ok">
        <p>
          {declared
            ? t.declared(answer.receivedAtText)
            : answer.applied
              ? t.withdrawn(answer.receivedAtText)
              : t.notApplied(answer.receivedAtText)}
        </p>
      </Notice>
      {declared ? <p>{t.declaredNext}</p> : null}
      {answer.applied ? (
        <>
          {(answer.money ?? []).map((m) => (
            <p key={m}>{m}</p>
          ))}
          <p>{t.withdrawnNext}</p>
        </>
      ) : null}
    </div>
  );
}

/**
 * `/widerruf?confirm=…`: the link of the e-mail to the stored address. Opening it changes nothing
 * (mail scanners open links); the button makes the statement take effect (ADR 1116).
 */
function ConfirmStatement({ token }: { token: string }) {
  const { config } = useServices();
  const [statement, setStatement] = useState<
    { contractNumber: string; receivedAtText: string } | undefined
  >();
  const [message, setMessage] = useState<string | undefined>();
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [busy, setBusy] = useState(false);
  usePageTitle(t.confirmTitle);

  useEffect(() => {
    void contractCall<{ contractNumber: string; receivedAtText: string }>(
      config.apiHost,
      'GET',
      `/api/contracts/withdrawal/statement?token=${encodeURIComponent(token)}`,
    ).then((r) => (r.data ? setStatement(r.data) : setMessage(r.message)));
  }, [config.apiHost, token]);

  const confirm = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await contractCall<Answer>(
      config.apiHost,
      'POST',
      '/api/contracts/withdrawal/confirm',
      { token },
    );
    setBusy(false);
    if (r.data) setAnswer(r.data);
    else setMessage(r.message);
  };

  if (answer) return <Done answer={answer} />;
  return (
    <div className="card">
      <h1>{t.confirmTitle}</h1>
      {message ? (
        <>
          <Notice kind="error">{message}</Notice>
          <p>
            <a href="/widerruf">{t.title}</a>
          </p>
        </>
      ) : null}
      {statement && !message ? (
        <form noValidate onSubmit={confirm}>
          <p>{t.confirmIntro(statement.contractNumber, statement.receivedAtText)}</p>
          <div className="actions">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {t.confirmLinked}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/**
 * /widerruf: the withdrawal function (§ 356a BGB since 19 June 2026). No login. With the signed
 * link of a contract e-mail the tenant is known and one confirmation withdraws. With contract
 * number and e-mail address the statement is recorded with its time of receipt, and a link to
 * confirm it goes to the address stored with the contract (ADR 1116); the answer never says
 * whether a contract exists.
 */
export default function WithdrawalPage() {
  const query = useQuery();
  const token = query.get('confirm');
  if (token) return <ConfirmStatement token={token} />;
  return <Declare link={query.get('link') ?? ''} />;
}

function Declare({ link }: { link: string }) {
  const { config } = useServices();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState({ contractNumber: '', email: '' });
  const [linked, setLinked] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [busy, setBusy] = useState(false);
  usePageTitle(t.title);

  useEffect(() => {
    if (!link) return;
    void contractCall<{ contractNumber: string }>(
      config.apiHost,
      'GET',
      `/api/contracts/withdrawal-link?link=${encodeURIComponent(link)}`,
    ).then((r) => {
      if (r.data) {
        setLinked(r.data.contractNumber);
        setStep(2);
      } else setMessage(r.message);
    });
  }, [config.apiHost, link]);

  const check = (): Record<string, string> => {
    const e: Record<string, string> = {};
    const number = values.contractNumber.trim();
    if (!number) e.contractNumber = contractTexts.errors.contractNumberRequired;
    else if (!CONTRACT_NUMBER.test(number))
      e.contractNumber = contractTexts.errors.contractNumberInvalid;
    if (!values.email.trim()) e.email = contractTexts.errors.emailRequired;
    else if (!MAIL.test(values.email.trim())) e.email = contractTexts.errors.emailInvalid;
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
      ? { link }
      : { contractNumber: values.contractNumber.trim(), email: values.email.trim() };
    const r = await contractCall<Answer>(config.apiHost, 'POST', '/api/contracts/withdrawal', body);
    setBusy(false);
    if (r.data) setAnswer(r.data);
    else {
      setErrors(r.fieldErrors);
      setMessage(r.message);
      setAttempt((a) => a + 1);
      if (Object.keys(r.fieldErrors).length) setStep(1);
    }
  };

  if (answer) return <Done answer={answer} />;

  return (
    <div className="card">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {linked ? null : <p>{t.howItWorks}</p>}
      {message ? <Notice kind="error">{message}</Notice> : null}
      {step === 1 ? (
        <form noValidate onSubmit={next}>
          <h2>{t.step1}</h2>
          <Fields
            fields={[contractNumberField, emailField]}
            values={values}
            errors={errors}
            attempt={attempt}
            onChange={(name, v) => setValues((s) => ({ ...s, [name]: v }))}
            labels={labels}
          />
          <Submit label={t.next} />
        </form>
      ) : (
        <form noValidate onSubmit={confirm}>
          <h2>{t.step2}</h2>
          {linked ? <p>{t.prefilled}</p> : null}
          <p>{linked ? t.reviewIntroLinked : t.reviewIntro}</p>
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
          </dl>
          <div className="actions">
            {linked ? null : (
              <button type="button" className="button button--secondary" onClick={() => setStep(1)}>
                {t.back}
              </button>
            )}
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {linked ? t.confirmLinked : t.confirm}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
