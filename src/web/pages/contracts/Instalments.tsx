import { useEffect, useState, type FormEvent } from 'react';
import {
  disputeTexts as dt,
  instalmentTexts as t,
  type InstalmentPartState,
} from '../../../domain/messages/payments';
import { formatDate, formatIsoDate } from '../../../domain/messages/format';
import { RadioField } from '../../forms/ChoiceField';
import { formatCents } from '../../text';
import { useServices } from '../../app/services';
import { contractCall } from './api';
import { Fields, Notice, Submit } from './Form';

/** What GET /api/contracts/me/instalments answers (src/server/money/selfService.ts). */
interface Offer {
  owedCents: number;
  choices: Array<{ count: number; amountCents: number }>;
  firstDueOn: string;
  ibanRequired: boolean;
  plans: Array<{
    seq: number;
    parts: Array<{ n: number; amountCents: number; dueOn: string; state: InstalmentPartState }>;
  }>;
  disputeOpenedAt?: string;
}

/**
 * Instalments in self-service (ADR 1228: 3, 6 or 12 monthly debits, a new mandate only with a
 * new IBAN) and "Abbuchung bestreiten" (ADR 1230) on the contract page.
 */
export function Instalments({ active, changed }: { active: boolean; changed: () => void }) {
  const { config } = useServices();
  const [offer, setOffer] = useState<Offer | undefined>();
  const [n, setN] = useState(0);
  // Kept here: the form goes once nothing is owed any more, the confirmation stays.
  const [agreed, setAgreed] = useState<string | undefined>();
  useEffect(() => {
    void contractCall<Offer>(config.apiHost, 'GET', '/api/contracts/me/instalments').then(
      (r) => r.data && setOffer(r.data),
    );
  }, [config.apiHost, n]);
  if (!offer) return null;
  const reload = () => setN((x) => x + 1);
  return (
    <>
      <section aria-labelledby="h-instalments">
        <h2 id="h-instalments">{t.heading}</h2>
        {agreed ? <Notice kind="ok">{agreed}</Notice> : null}
        {offer.plans.map((p) => (
          <table className="payments-table" key={p.seq}>
            <caption>{t.planCaption(p.seq)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.n}</th>
                <th scope="col">{t.columns.dueOn}</th>
                <th scope="col">{t.columns.amount}</th>
                <th scope="col">{t.columns.state}</th>
              </tr>
            </thead>
            <tbody>
              {p.parts.map((part) => (
                <tr key={part.n}>
                  <td>{part.n}</td>
                  <td>{formatIsoDate(part.dueOn)}</td>
                  <td>{formatCents(part.amountCents)}</td>
                  <td>{t.partState[part.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
        {active && offer.choices.length > 0 ? (
          <InstalmentForm
            offer={offer}
            done={(message) => {
              setAgreed(message);
              reload();
              changed();
            }}
          />
        ) : offer.plans.length === 0 ? (
          <p>{t.nothingOwed}</p>
        ) : null}
      </section>
      {active ? <DisputeSection openedAt={offer.disputeOpenedAt} done={reload} /> : null}
    </>
  );
}

function InstalmentForm({ offer, done }: { offer: Offer; done: (message: string) => void }) {
  const { config } = useServices();
  const [count, setCount] = useState('');
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const local: Record<string, string> = {};
    if (!count) local.count = t.errors.count;
    if (offer.ibanRequired && !iban.trim()) local.iban = t.ibanRequired;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setAttempt((a) => a + 1);
      return;
    }
    const r = await contractCall<{ count: number; schedule: Array<{ dueOn: string }> }>(
      config.apiHost,
      'POST',
      '/api/contracts/me/instalments',
      { count, ...(iban.trim() ? { iban } : {}) },
    );
    setErrors(r.message ? { count: r.message, ...r.fieldErrors } : r.fieldErrors);
    setAttempt((a) => a + 1);
    if (r.data) done(t.agreed(r.data.count, formatIsoDate(r.data.schedule[0]?.dueOn ?? '')));
  };
  return (
    <>
      <p>{t.intro(formatCents(offer.owedCents))}</p>
      <p>{t.firstDue(formatIsoDate(offer.firstDueOn))}</p>
      <form noValidate onSubmit={submit}>
        <Fields
          fields={[
            {
              name: 'iban',
              label: offer.ibanRequired ? t.ibanLabelRequired : t.ibanLabel,
              hint: offer.ibanRequired ? t.ibanRequired : t.ibanHint,
              autoComplete: 'off',
            },
          ]}
          values={{ iban }}
          errors={errors}
          attempt={attempt}
          labels={{ count: t.countLegend }}
          onChange={(_, v) => setIban(v)}
        >
          <RadioField
            path="c.count"
            label={t.countLegend}
            error={errors.count}
            value={count}
            choices={offer.choices.map((c) => ({
              value: String(c.count),
              label: t.countOption(c.count, formatCents(c.amountCents)),
            }))}
            onChange={setCount}
          />
        </Fields>
        <Submit label={t.submit} />
      </form>
    </>
  );
}

function DisputeSection({ openedAt, done }: { openedAt?: string | undefined; done: () => void }) {
  const { config } = useServices();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: dt.reasonRequired });
      setAttempt((a) => a + 1);
      return;
    }
    const r = await contractCall(config.apiHost, 'POST', '/api/contracts/me/disputes', { reason });
    setErrors(r.message ? { reason: r.message, ...r.fieldErrors } : r.fieldErrors);
    setAttempt((a) => a + 1);
    if (r.data) {
      setSent(true);
      setReason('');
      done();
    }
  };
  return (
    <section aria-labelledby="h-dispute">
      <h2 id="h-dispute">{dt.heading}</h2>
      {sent ? <Notice kind="ok">{dt.sent}</Notice> : null}
      {openedAt ? (
        <p data-testid="dispute-open">{dt.open(formatDate(new Date(openedAt)))}</p>
      ) : (
        <>
          <p>{dt.intro}</p>
          <form noValidate onSubmit={submit}>
            <Fields
              fields={[{ name: 'reason', label: dt.reasonLabel, autoComplete: 'off' }]}
              values={{ reason }}
              errors={errors}
              attempt={attempt}
              onChange={(_, v) => setReason(v)}
            />
            <Submit label={dt.submit} />
          </form>
        </>
      )}
    </section>
  );
}
