import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { contractTexts } from '../../../domain/messages/contracts';
import { guaranteeInForce, type ContractStatus } from '../../../domain/contracts/status';
import { formatCents, formatEuro } from '../../text';
import { useNavigate, useQuery } from '../../app/router';
import { useServices } from '../../app/services';
import { buildUrl } from '../../api/http';
import { contractCall } from './api';
import { Payments } from './Payments';
import { Instalments } from './Instalments';
import { TenantClaims } from '../claims/TenantClaims';
import {
  contractNumberField,
  emailField,
  Fields,
  Notice,
  Submit,
  usePageTitle,
  type FieldSpec,
} from './Form';

const t = contractTexts.contract;
const f = contractTexts.fields;

interface View {
  contractNumber: string;
  status: ContractStatus;
  endedOn?: string;
  deposit: number;
  objectAddress: string;
  ratePerPaymentCents: number;
  paymentAdverb: string;
  mandateReference: string;
  iban: string;
  address: { street?: string; number?: string; zip?: string; city?: string };
  withdrawalDeadline: string;
  withdrawalPossible: boolean;
  documents: Array<{ kind: string; filename: string; url: string }>;
}

const addressFields: FieldSpec<'street' | 'number' | 'zip' | 'city'>[] = [
  { name: 'street', label: f.street, autoComplete: 'address-line1' },
  { name: 'number', label: f.number },
  { name: 'zip', label: f.zip, autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'city', label: f.city, autoComplete: 'address-level2' },
];

/** "Zugang anfordern": contract number and e-mail address; the same answer whatever they are. */
function AccessForm({ expired, loggedOut }: { expired: boolean; loggedOut: boolean }) {
  const { config } = useServices();
  const [values, setValues] = useState({ contractNumber: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  usePageTitle(contractTexts.access.title);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall(config.apiHost, 'POST', '/api/contracts/access', {
      contractNumber: values.contractNumber.trim(),
      email: values.email.trim(),
    });
    setErrors(r.fieldErrors);
    setMessage(r.message);
    setAttempt((a) => a + 1);
    setSent(r.status === 202);
  };
  return (
    <div className="card">
      <h1>{contractTexts.access.title}</h1>
      {expired ? <Notice kind="error">{contractTexts.errors.linkExpired}</Notice> : null}
      {loggedOut ? <Notice kind="ok">{contractTexts.access.loggedOut}</Notice> : null}
      {message ? <Notice kind="error">{message}</Notice> : null}
      {sent ? (
        <Notice kind="ok">{contractTexts.access.sent}</Notice>
      ) : (
        <form noValidate onSubmit={submit}>
          <p>{contractTexts.access.intro}</p>
          <Fields
            fields={[contractNumberField, emailField]}
            values={values}
            errors={errors}
            attempt={attempt}
            onChange={(name, v) => setValues((s) => ({ ...s, [name]: v }))}
          />
          <Submit label={contractTexts.access.submit} />
        </form>
      )}
    </div>
  );
}

/**
 * /vertrag: the tenant's contract page. Reached through a magic link (?token=, single use),
 * which opens a 30-minute session bound to the contract (HttpOnly cookie); without one it
 * shows the "Zugang anfordern" form.
 */
export default function ContractPage() {
  const { config } = useServices();
  const navigate = useNavigate();
  const token = useQuery().get('token');
  const [view, setView] = useState<View | undefined>();
  const [state, setState] = useState<'loading' | 'login' | 'expired' | 'ready' | 'loggedOut'>(
    'loading',
  );

  const apply = useCallback((r: { data?: View | undefined }) => {
    if (r.data) {
      setView(r.data);
      setState('ready');
    } else setState((s) => (s === 'expired' ? s : 'login'));
  }, []);
  const load = useCallback(
    async () => apply(await contractCall<View>(config.apiHost, 'GET', '/api/contracts/me')),
    [apply, config.apiHost],
  );

  useEffect(() => {
    if (!token) {
      void contractCall<View>(config.apiHost, 'GET', '/api/contracts/me').then(apply);
      return;
    }
    void contractCall(config.apiHost, 'POST', '/api/contracts/session', { token }).then((r) => {
      if (r.status !== 200) setState('expired');
      // The token is used up either way; it leaves the address bar and the history. Without it
      // this effect runs again and loads the contract with the new session.
      navigate('/vertrag', { replace: true });
    });
  }, [token, config.apiHost, apply, navigate]);

  if (state === 'loading')
    return (
      <div className="card" role="status">
        <h1>{contractTexts.access.title}</h1>
        <p>{contractTexts.access.opening}</p>
      </div>
    );
  if (state !== 'ready' || !view)
    return <AccessForm expired={state === 'expired'} loggedOut={state === 'loggedOut'} />;
  // "Abmelden" ends the session on the server, not only in this tab (ADR 1120).
  const logout = async () => {
    await contractCall(config.apiHost, 'DELETE', '/api/contracts/session');
    setView(undefined);
    setState('loggedOut');
  };
  return <ContractView view={view} reload={load} logout={logout} />;
}

function ContractView({
  view,
  reload,
  logout,
}: {
  view: View;
  reload: () => Promise<void>;
  logout: () => Promise<void>;
}) {
  const { config } = useServices();
  usePageTitle(t.title(view.contractNumber));
  // After a cancellation the guarantee (and the premiums) go on until the landlord releases it.
  const active = guaranteeInForce(view.status);
  const cancelling = view.status === 'cancellation_requested';
  // What ended the contract stays on screen after the sections are gone.
  const [flash, setFlash] = useState<string | undefined>();
  // An instalment plan or an IBAN given with it changes the payments: they are loaded again.
  const [moneyVersion, setMoneyVersion] = useState(0);
  const end = async (message: string) => {
    setFlash(message);
    await reload();
  };
  return (
    <div className="card">
      <h1>{t.title(view.contractNumber)}</h1>
      {flash ? <Notice kind="ok">{flash}</Notice> : null}
      <dl className="summary-list">
        <div>
          <dt>{t.status}</dt>
          <dd data-testid="contract-status">{t.statusText(view.status, view.endedOn)}</dd>
        </div>
        <div>
          <dt>{t.deposit}</dt>
          <dd>{formatEuro(view.deposit)}</dd>
        </div>
        <div>
          <dt>{t.objectAddress}</dt>
          <dd>{view.objectAddress}</dd>
        </div>
        <div>
          <dt>{t.premium}</dt>
          <dd>
            {formatCents(view.ratePerPaymentCents)} {view.paymentAdverb}
          </dd>
        </div>
        <div>
          <dt>{t.iban}</dt>
          <dd>{view.iban}</dd>
        </div>
        <div>
          <dt>{t.mandateReference}</dt>
          <dd>{view.mandateReference}</dd>
        </div>
        <div>
          <dt>{t.postalAddress}</dt>
          <dd>
            {[view.address.street, view.address.number].filter(Boolean).join(' ')},{' '}
            {[view.address.zip, view.address.city].filter(Boolean).join(' ')}
          </dd>
        </div>
        {view.withdrawalPossible ? (
          <div>
            <dt>{t.withdrawalUntil}</dt>
            <dd>{view.withdrawalDeadline}</dd>
          </div>
        ) : null}
      </dl>
      {/* Claims of the landlord and the tenant's answers (issue 26); nothing while there are none. */}
      <TenantClaims />
      {/* Loaded again when the status changes (a cancellation books the premium owed). */}
      <Payments key={`${view.status}-${moneyVersion}`} />
      <Instalments
        key={`i-${view.status}`}
        active={view.status !== 'withdrawn'}
        changed={() => {
          setMoneyVersion((v) => v + 1);
          void reload();
        }}
      />
      <h2>{t.documents}</h2>
      <ul>
        {view.documents.map((d) => (
          <li key={d.kind}>
            <a href={buildUrl(config.apiHost, d.url)} download={d.filename}>
              {d.kind === 'certificate' ? t.certificate : d.filename}
            </a>
          </li>
        ))}
      </ul>
      {active ? (
        <>
          {view.withdrawalPossible ? <WithdrawSection view={view} end={end} /> : null}
          <IbanSection reload={reload} />
          <AddressSection view={view} reload={reload} />
          {cancelling ? (
            <section aria-labelledby="h-cancel">
              <h2 id="h-cancel">{t.cancel}</h2>
              <p data-testid="cancellation-pending">{t.cancellationPending}</p>
            </section>
          ) : (
            <CancelSection end={end} />
          )}
        </>
      ) : (
        <p>{t.ended}</p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          {t.logout}
        </button>
      </div>
    </div>
  );
}

function IbanSection({ reload }: { reload: () => Promise<void> }) {
  const { config } = useServices();
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<string | undefined>();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall<{ mandateReference: string }>(
      config.apiHost,
      'PUT',
      '/api/contracts/me/iban',
      { iban },
    );
    setErrors(r.message ? { iban: r.message, ...r.fieldErrors } : r.fieldErrors);
    setAttempt((a) => a + 1);
    if (r.data) {
      setDone(r.data.mandateReference);
      setIban('');
      await reload();
    }
  };
  return (
    <section aria-labelledby="h-iban">
      <h2 id="h-iban">{t.changeIban}</h2>
      <p>{t.changeIbanIntro}</p>
      {done ? <Notice kind="ok">{t.ibanSaved(done)}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Fields
          fields={[{ name: 'iban', label: f.iban, autoComplete: 'off' }]}
          values={{ iban }}
          errors={errors}
          attempt={attempt}
          onChange={(_, v) => setIban(v)}
        />
        <Submit label={t.saveIban} />
      </form>
    </section>
  );
}

function AddressSection({ view, reload }: { view: View; reload: () => Promise<void> }) {
  const { config } = useServices();
  const [a, setA] = useState({
    street: view.address.street ?? '',
    number: view.address.number ?? '',
    zip: view.address.zip ?? '',
    city: view.address.city ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const r = await contractCall(config.apiHost, 'PUT', '/api/contracts/me/address', a);
    setErrors(r.fieldErrors);
    setAttempt((n) => n + 1);
    setDone(!!r.data);
    if (r.data) await reload();
  };
  return (
    <section aria-labelledby="h-address">
      <h2 id="h-address">{t.changeAddress}</h2>
      {done ? <Notice kind="ok">{t.addressSaved}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Fields
          fields={addressFields}
          values={a}
          errors={errors}
          attempt={attempt}
          onChange={(name, v) => setA((s) => ({ ...s, [name]: v }))}
        />
        <Submit label={t.saveAddress} />
      </form>
    </section>
  );
}

/** Two steps, so that one tap never cancels: the rule first, then the binding confirmation. */
function CancelSection({ end }: { end: (message: string) => Promise<void> }) {
  const { config } = useServices();
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const confirm = async () => {
    const r = await contractCall<{ receivedAtText: string }>(
      config.apiHost,
      'POST',
      '/api/contracts/me/cancellation',
      {},
    );
    if (r.data) await end(t.cancelled(r.data.receivedAtText));
    else setError(r.message);
  };
  return (
    <section aria-labelledby="h-cancel">
      <h2 id="h-cancel">{t.cancel}</h2>
      <p>{t.cancelIntro}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="actions">
        {asked ? (
          <button type="button" className="button" onClick={() => void confirm()}>
            {t.cancelConfirm}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setAsked(true)}>
            {t.cancel}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The withdrawal on the contract page: a first button opens the question, the second withdraws
 * (issue 27: one tap withdrew). Focus moves to the question and back when it is closed.
 */
function WithdrawSection({ view, end }: { view: View; end: (message: string) => Promise<void> }) {
  const { config } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (returned) start.current?.focus();
  }, [asking, returned]);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const r = await contractCall<{ receivedAtText: string; money?: string[] }>(
      config.apiHost,
      'POST',
      '/api/contracts/me/withdrawal',
      {},
    );
    setBusy(false);
    if (r.data) await end([t.withdrawn(r.data.receivedAtText), ...(r.data.money ?? [])].join(' '));
  };
  return (
    <section aria-labelledby="h-withdraw">
      <h2 id="h-withdraw">{t.withdraw}</h2>
      <p>{t.withdrawIntro(view.withdrawalDeadline)}</p>
      {asking ? (
        <div className="notice" data-testid="withdraw-question">
          <div>
            <p ref={question} tabIndex={-1}>
              {t.withdrawQuestion}
            </p>
            <div className="actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setReturned(true);
                  setAsking(false);
                }}
              >
                {t.withdrawKeep}
              </button>
              <button
                type="button"
                className="button"
                aria-disabled={busy || undefined}
                onClick={() => void confirm()}
              >
                {t.withdrawConfirm}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            ref={start}
            type="button"
            className="button button--secondary"
            onClick={() => setAsking(true)}
          >
            {t.withdrawStart}
          </button>
        </div>
      )}
    </section>
  );
}
